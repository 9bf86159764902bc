package coachhttp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/coach"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// Coach advises the seat to strike at a table: the best shot its search
// found and the share of noisy samples in which that shot pocketed one of
// the seat's own c/m to stay. It runs on the goroutine of the request that
// asked, on a table value of its own, and returns once ctx ends.
type Coach interface {
	Advise(ctx context.Context, t game.Table, seed uint64) (coach.Advice, error)
}

// Position is a table's game as its coach sees it: the game, the number
// of its last action, and the seed of the search.
type Position struct {
	State game.Table
	Seq   int64
	Seed  uint64
}

// Tables finds the position of a table in play for the coach of the seat
// that token holds: an error wrapping ErrNoHint if it has none (no
// computer plays there, the seat is not token's, no stroke to play),
// carrom.ErrNotFound if no such table is in play.
type Tables interface {
	Position(ctx context.Context, id, token string) (Position, error)
}

// Limiter takes one of the hints the asker of r may ask, or refuses with
// a 429 that says when to ask again.
type Limiter interface {
	Take(r *http.Request) error
}

// Messages writes a practice's play in the protocol's messages, as a
// table's, every seat held by the one practising.
type Messages interface {
	// Action decodes a client's message of a strike, a place or a forgo,
	// or says in plain words why it is none.
	Action(msg json.RawMessage) (game.Action, error)
	// Event is the event of action a, the first, which took the game from
	// st to next.
	Event(st, next game.Table, a game.Action, out game.Outcome) protocol.EventMsg
	// State is st as a table's state shows it.
	State(st game.Table) protocol.GameState
}

// Identity is who a request comes from, as the server's middleware found
// it.
type Identity interface {
	// Token is the browser's identity token, "" if it has none.
	Token(r *http.Request) string
}

// Env is what the coach's HTTP needs of the server.
type Env struct {
	Coach    Coach // nil: no coach, and hints are refused (503)
	Tables   Tables
	Limiter  Limiter
	Messages Messages
	Identity Identity
	Physics  physics.Params
}

// Errors of the coach.
var (
	ErrNoHint  = httpapi.NewCoded(http.StatusConflict, "no_hint", "a hint is for your own stroke in a game against the computer, or in practice")
	ErrNoCoach = httpapi.NewCoded(http.StatusServiceUnavailable, "no_coach", "this server has no coach")
	// ErrMessage is a practice request that cannot be played.
	ErrMessage = httpapi.New(http.StatusBadRequest, "bad message")

	errTooMany = httpapi.NewCoded(http.StatusTooManyRequests, "too_many", "too many")
)

// maxCoaching bounds the searches the coach runs at once: each takes a
// core for up to a second or so.
const maxCoaching = 2

// Hints serves the coach's hints at a table and practice.
type Hints struct {
	env      Env
	coaching chan struct{} // a slot for each search of the coach running
}

// New makes the coach's handlers.
func New(env Env) *Hints {
	return &Hints{env: env, coaching: make(chan struct{}, maxCoaching)}
}

// fail answers an error as JSON in plain words, with its status.
func fail(w http.ResponseWriter, err error) {
	httpapi.WriteError(w, httpapi.Known(err, httpapi.Kind{Err: carrom.ErrNotFound, Status: http.StatusNotFound}))
}

// advise runs the coach on st, one search at a time per slot.
func (h *Hints) advise(ctx context.Context, st game.Table, seq int64, seed uint64) (protocol.Hint, error) {
	if h.env.Coach == nil {
		return protocol.Hint{}, fmt.Errorf("coach: %w", ErrNoCoach)
	}
	if st.ToAct().Need != game.NeedStrike {
		return protocol.Hint{}, fmt.Errorf("coach: no stroke to advise: %w", ErrNoHint)
	}
	select {
	case h.coaching <- struct{}{}:
		defer func() { <-h.coaching }()
	default:
		return protocol.Hint{}, httpapi.RetryAfter(httpapi.Refuse(errTooMany, "the coach is working out %d hints already: ask again in a moment", maxCoaching), time.Second)
	}
	a, err := h.env.Coach.Advise(ctx, st, seed)
	if err != nil {
		return protocol.Hint{}, fmt.Errorf("coach: %w", err)
	}
	max := st.Config().Physics.MaxSpeed
	// The search's direction need not be a unit vector (the physics takes
	// any length); the page draws the guide line and the power arrow from
	// the direction it sends, so the hint's is one.
	d := a.Shot.Dir.Unit()
	hint := protocol.Hint{
		Seq: seq, X: a.Shot.X, Dir: [2]float64{d.X, d.Y}, Speed: a.Shot.Speed, Power: a.Shot.Speed / max,
		Kind: a.Kind, Target: a.Target, Success: a.Success,
	}
	if a.Aimed {
		c := st.Config().Physics.Spec.PocketCentre(a.Pocket)
		hint.Pocket = &[2]float64{c.X, c.Y}
	}
	return hint, nil
}

// Table answers POST /api/tables/{id}/hint: the coach's shot for the
// stroke the asker is to play now.
func (h *Hints) Table(w http.ResponseWriter, r *http.Request) {
	pos, err := h.env.Tables.Position(r.Context(), r.PathValue("id"), h.env.Identity.Token(r))
	if r.Context().Err() != nil {
		return
	}
	if err != nil {
		fail(w, err)
		return
	}
	if err := h.env.Limiter.Take(r); err != nil {
		fail(w, err)
		return
	}
	hint, err := h.advise(r.Context(), pos.State, pos.Seq, pos.Seed)
	if err != nil {
		fail(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, hint)
}

// practiceReq is a practice position ("" for the start of a board under
// the ICF rules, or with Solo of a solo clearance), the pieces moved by
// hand if any (each by its id), and what to do then: an action (a strike,
// place or forgo message of the protocol) and/or a hint.
type practiceReq struct {
	Position string          `json:"position"`
	Solo     bool            `json:"solo,omitempty"`
	Moved    []record.Piece  `json:"moved,omitempty"`
	Action   json.RawMessage `json:"action,omitempty"`
	Hint     bool            `json:"hint,omitempty"`
}

// Practice answers POST /api/practice: any position, as a position string
// (docs/notation.md), played on by one action and/or advised by the coach.
// Nothing is kept: the page holds the positions, and undo is the one before.
func (h *Hints) Practice(w http.ResponseWriter, r *http.Request) {
	var req practiceReq
	if err := httpapi.ReadJSON(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	setup, err := practiceSetup(req, h.env.Physics)
	if err != nil {
		fail(w, httpapi.Refuse(ErrMessage, "%v", err))
		return
	}
	m := setup.Match
	st, err := game.Resume(game.Config{Rules: m.Rules, Players: m.Players, Physics: h.env.Physics}, setup)
	if err != nil {
		fail(w, httpapi.Refuse(ErrMessage, "%v", err))
		return
	}
	cur, seq := st, int64(0)
	var resp protocol.Practiced
	if len(req.Action) > 0 {
		a, err := h.env.Messages.Action(req.Action)
		if err != nil {
			fail(w, err)
			return
		}
		a.Seat = st.ToAct().Seat
		next, out, err := st.Apply(a)
		if err != nil {
			fail(w, httpapi.Refuse(ErrMessage, "%v", err))
			return
		}
		cur, seq = next, 1
		ev := h.env.Messages.Event(st, next, a, out)
		resp.Event = &ev
	}
	resp.Position, resp.State = record.FormatPosition(cur.Setup()), h.env.Messages.State(cur)
	if req.Hint && cur.ToAct().Need == game.NeedStrike {
		if err := h.env.Limiter.Take(r); err != nil {
			fail(w, err)
			return
		}
		hint, err := h.advise(r.Context(), cur, seq, 1)
		if err != nil {
			fail(w, err)
			return
		}
		resp.Hint = &hint
	}
	httpapi.WriteJSON(w, http.StatusOK, resp)
}

// practiceSetup reads the position of a practice request and moves the
// pieces it moves; whether the result is a table is game.Resume's to say.
func practiceSetup(req practiceReq, p physics.Params) (game.Setup, error) {
	if req.Solo && req.Position != "" {
		return game.Setup{}, fmt.Errorf("a solo clearance starts from the break, not from a position")
	}
	if req.Position == "" {
		cfg := game.Config{Rules: rules.ICF(), Players: 2, Physics: p}
		if req.Solo {
			cfg.Rules, cfg.Players = rules.Solo(), 1
		}
		t, err := game.New(cfg)
		if err != nil {
			return game.Setup{}, err
		}
		req.Position = record.FormatPosition(t.Setup())
	}
	setup, err := record.ParsePosition(req.Position)
	if err != nil {
		return setup, err
	}
	for _, mv := range req.Moved {
		i := slices.IndexFunc(setup.Pieces, func(q board.Piece) bool { return q.ID == mv.ID })
		if i < 0 {
			return setup, fmt.Errorf("no piece %q on the board to move", mv.ID)
		}
		q, err := mv.ToPiece()
		if err != nil {
			return setup, err
		}
		if q.Kind != setup.Pieces[i].Kind {
			return setup, fmt.Errorf("piece %q is a %v, not a %v", mv.ID, setup.Pieces[i].Kind, q.Kind)
		}
		setup.Pieces[i] = q
	}
	return setup, nil
}
