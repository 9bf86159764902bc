package table

import (
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/protocol"
)

// A live aim: the player to strike streams where his striker is, its
// direction and power while he aims, and the table passes it on to every
// other page at the table (spectators, the opponent), as the apps show the
// opponent's aim. The server trusts it for nothing: it is not stored, not
// checked against the stroke that follows, and only the seat to strike
// may send it. A computer's aim is its stroke, shown while the pace holds
// it back.

// aimReq is a live aim from a client.
type aimReq struct {
	c   Client
	aim protocol.Aim
}

// relayAim passes a player's aim on to the table's other pages, if he
// holds the seat to strike; anything else is dropped without a word.
func (t *tableViews) relayAim(m aimReq) {
	turn := t.state.ToAct()
	if !t.started() || t.over() || turn.Need != game.NeedStrike || t.seats[turn.Seat].token == "" || t.seats[turn.Seat].token != m.c.Token() {
		return
	}
	t.broadcast(protocol.Encode(protocol.AimMsg{V: protocol.Version, Type: protocol.TypeAim, Seq: t.seq, Seat: turn.Seat, Aim: m.aim}), m.c)
}

// showAim shows every page the stroke a computer is about to play.
func (t *tableViews) showAim(a game.Action) {
	if a.Kind != game.Strike {
		return
	}
	s := a.Shot
	msg := protocol.Encode(protocol.AimMsg{V: protocol.Version, Type: protocol.TypeAim, Seq: t.seq, Seat: t.state.ToAct().Seat,
		Aim: protocol.Aim{X: s.X, Dir: [2]float64{s.Dir.X, s.Dir.Y}, Power: s.Speed / t.state.Config().Physics.MaxSpeed}})
	t.broadcast(msg, nil)
}
