package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/coach/coachhttp"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// The coach's HTTP is internal/coach/coachhttp's; here are what it needs
// of the server: a table's position for the coach, the hint limits, and
// the table's messages for practice.

// Coach advises the seat to strike (Config.Coach): coachhttp's.
type Coach = coachhttp.Coach

// Hint limits, so that no one takes the coach from everyone: each
// identity (a browser's token) may ask 10 hints, then one every 6 s;
// each address 30, then one every 2 s (players behind one NAT share it).
var (
	hintIDLimit   = httpapi.Limit{Every: 6 * time.Second, Burst: 10}
	hintAddrLimit = httpapi.Limit{Every: 2 * time.Second, Burst: 30}
)

// hintLimits takes a hint from the asker's buckets: his address's first,
// then his identity's, if his browser has one.
type hintLimits struct{ s *Server }

func (l hintLimits) Take(r *http.Request) error {
	id, _ := r.Context().Value(tokenKey).(string)
	if c, err := r.Cookie(tokenCookie); id == "" && err == nil && len(c.Value) == 32 {
		id = c.Value
	}
	return httpapi.Take(l.s.hintAddr, l.s.hintID, address(r), id, l.s.clock.Now(), "hints")
}

// coachTables asks a table in play for its position.
type coachTables struct{ s *Server }

func (c coachTables) Position(ctx context.Context, id, token string) (coachhttp.Position, error) {
	t := c.s.table(id)
	if t == nil {
		return coachhttp.Position{}, fmt.Errorf("server: no table %q in play: %w", id, carrom.ErrNotFound)
	}
	reply := make(chan coachSnap, 1)
	if !t.post(coachReq{token: token, reply: reply}) {
		return coachhttp.Position{}, fmt.Errorf("server: the table has ended: %w", coachhttp.ErrNoHint)
	}
	select {
	case snap := <-reply:
		return snap.pos, snap.err
	case <-ctx.Done():
		return coachhttp.Position{}, ctx.Err()
	}
}

// coachReq asks a table for its position, for the coach of the seat that
// token holds.
type coachReq struct {
	token string
	reply chan coachSnap
}

type coachSnap struct {
	pos coachhttp.Position
	err error
}

// coachable answers a coachReq: the table's position, if the token holds
// the seat to strike at a table with a computer player.
func (t *tableViews) coachable(token string) coachSnap {
	turn := t.state.ToAct()
	computer := false
	for _, s := range t.seats {
		computer = computer || s.bot != nil
	}
	switch {
	case t.state.Config().Rules.Variant != nil:
		return coachSnap{err: fmt.Errorf("server: the coach plays the ICF and family rules only: %w", coachhttp.ErrNoHint)}
	case !computer:
		return coachSnap{err: fmt.Errorf("server: no computer plays at this table: %w", coachhttp.ErrNoHint)}
	case t.over() || !t.started() || turn.Need != game.NeedStrike:
		return coachSnap{err: fmt.Errorf("server: no stroke to play: %w", coachhttp.ErrNoHint)}
	case t.seats[turn.Seat].token == "" || t.seats[turn.Seat].token != token:
		return coachSnap{err: fmt.Errorf("server: seat %d is not yours: %w", turn.Seat, coachhttp.ErrNoHint)}
	}
	return coachSnap{pos: coachhttp.Position{State: t.state, Seq: t.seq, Seed: rand.New(rand.NewPCG(t.cfg.Seed, uint64(t.seq))).Uint64()}}
}

// practiceMessages are a practice's messages: the same state and event
// messages as a table's, every seat held by the one practising, who is
// there; no table.
type practiceMessages struct{ s *Server }

func (p practiceMessages) Action(msg json.RawMessage) (game.Action, error) {
	in, err := decodeMessage(msg, p.s.physics.MaxSpeed)
	if err != nil {
		return game.Action{}, err
	}
	if in.kind != "act" || in.action.Kind == game.Concede {
		return game.Action{}, httpapi.Refuse(ErrMessage, "practice plays a strike, a place or a forgo")
	}
	return in.action, nil
}

func (practiceMessages) Event(st, next game.Table, a game.Action, out game.Outcome) protocol.EventMsg {
	return practiceView(st).event(st, next, 1, a, out, time.Time{})
}

func (practiceMessages) State(st game.Table) protocol.GameState {
	return practiceView(st).gameState(st, time.Time{})
}

func practiceView(st game.Table) tableView {
	cfg := st.Config()
	v := tableView{id: "practice", cfg: protocol.TableConfig{Rules: cfg.Rules.Name, Players: cfg.Players}, started: true}
	for i := range cfg.Players {
		v.seats = append(v.seats, protocol.SeatState{Seat: i, Kind: protocol.SeatHuman, Nickname: "You", Taken: true})
	}
	return v
}
