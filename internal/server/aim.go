package server

import (
	"github.com/carrom-game/carrom/game"
)

// A live aim: the player to strike streams where his striker is, its
// direction and power while he aims, and the table passes it on to every
// other page at the table (spectators, the opponent), as the apps show the
// opponent's aim. The server trusts it for nothing: it is not stored, not
// checked against the stroke that follows, and only the seat to strike
// may send it. A computer's aim is its stroke, shown while the pace holds
// it back.

// aimJSON is an aim in a strike message's terms: x along the base line,
// dir in the shooter's frame, power from 0 to 1.
type aimJSON struct {
	X     float64    `json:"x"`
	Dir   [2]float64 `json:"dir"`
	Power float64    `json:"power"`
}

type aimMsg struct {
	V    int    `json:"v"`
	Type string `json:"type"` // "aim"
	Seq  int64  `json:"seq"`
	Seat int    `json:"seat"`
	aimJSON
}

// aimReq is a live aim from a client.
type aimReq struct {
	c   *client
	aim aimJSON
}

// relayAim passes a player's aim on to the table's other pages, if he
// holds the seat to strike; anything else is dropped without a word.
func (t *table) relayAim(m aimReq) {
	turn := t.state.ToAct()
	if !t.started() || t.over() || turn.Need != game.NeedStrike || t.seats[turn.Seat].token == "" || t.seats[turn.Seat].token != m.c.token {
		return
	}
	t.broadcast(encode(aimMsg{V: ProtocolVersion, Type: "aim", Seq: t.seq, Seat: turn.Seat, aimJSON: m.aim}), m.c)
}

// showAim shows every page the stroke a computer is about to play.
func (t *table) showAim(a game.Action) {
	if a.Kind != game.Strike {
		return
	}
	s := a.Shot
	msg := encode(aimMsg{V: ProtocolVersion, Type: "aim", Seq: t.seq, Seat: t.state.ToAct().Seat,
		aimJSON: aimJSON{X: s.X, Dir: [2]float64{s.Dir.X, s.Dir.Y}, Power: s.Speed / t.state.Config().Physics.MaxSpeed}})
	t.broadcast(msg, nil)
}
