package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/coach/coachhttp"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
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
	p, err := t.Position(ctx, token)
	switch {
	case errors.Is(err, table.ErrEnded):
		return coachhttp.Position{}, fmt.Errorf("server: the table has ended: %w", coachhttp.ErrNoHint)
	case err != nil:
		return coachhttp.Position{}, err
	case p.NoHint != "":
		return coachhttp.Position{}, fmt.Errorf("server: %s: %w", p.NoHint, coachhttp.ErrNoHint)
	}
	return coachhttp.Position{State: p.State, Seq: p.Seq, Seed: p.Seed}, nil
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
	return practiceView(st).Event(st, next, 1, a, out, time.Time{})
}

func (practiceMessages) State(st game.Table) protocol.GameState {
	return practiceView(st).GameState(st, time.Time{})
}

func practiceView(st game.Table) table.View {
	cfg := st.Config()
	v := table.View{ID: "practice", Config: protocol.TableConfig{Rules: cfg.Rules.Name, Players: cfg.Players}, Started: true}
	for i := range cfg.Players {
		v.Seats = append(v.Seats, protocol.SeatState{Seat: i, Kind: protocol.SeatHuman, Nickname: "You", Taken: true})
	}
	return v
}
