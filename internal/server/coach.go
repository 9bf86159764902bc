package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
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

// Errors of the coach.
var (
	ErrNoHint  = httpapi.New(http.StatusConflict, "a hint is for your own stroke in a game against the computer, or in practice")
	ErrNoCoach = httpapi.New(http.StatusServiceUnavailable, "this server has no coach")
)

// maxCoaching bounds the searches the coach runs at once: each takes a
// core for up to a second or so.
const maxCoaching = 2

// Hint limits, so that no one takes the coach from everyone: each
// identity (a browser's token) may ask 10 hints, then one every 6 s;
// each address 30, then one every 2 s (players behind one NAT share it).
var (
	hintIDLimit   = httpapi.Limit{Every: 6 * time.Second, Burst: 10}
	hintAddrLimit = httpapi.Limit{Every: 2 * time.Second, Burst: 30}
)

// mayHint takes a hint from the asker's buckets: his address's first,
// then his identity's, if his browser has one.
func (s *Server) mayHint(r *http.Request) error {
	id, _ := r.Context().Value(tokenKey).(string)
	if c, err := r.Cookie(tokenCookie); id == "" && err == nil && len(c.Value) == 32 {
		id = c.Value
	}
	return httpapi.Take(s.hintAddr, s.hintID, address(r), id, s.clock.Now(), "hints")
}

// advise runs the coach on st, one search at a time per slot.
func (s *Server) advise(ctx context.Context, st game.Table, seq int64, seed uint64) (protocol.Hint, error) {
	if s.coach == nil {
		return protocol.Hint{}, fmt.Errorf("server: %w", ErrNoCoach)
	}
	if st.ToAct().Need != game.NeedStrike {
		return protocol.Hint{}, fmt.Errorf("server: no stroke to advise: %w", ErrNoHint)
	}
	select {
	case s.coaching <- struct{}{}:
		defer func() { <-s.coaching }()
	default:
		return protocol.Hint{}, httpapi.RetryAfter(httpapi.Refuse(ErrTooMany, "the coach is working out %d hints already: ask again in a moment", maxCoaching), time.Second)
	}
	a, err := s.coach.Advise(ctx, st, seed)
	if err != nil {
		return protocol.Hint{}, fmt.Errorf("server: coach: %w", err)
	}
	max := st.Config().Physics.MaxSpeed
	// The search's direction need not be a unit vector (the physics takes
	// any length); the page draws the guide line and the power arrow from
	// the direction it sends, so the hint's is one.
	d := a.Shot.Dir.Unit()
	h := protocol.Hint{
		Seq: seq, X: a.Shot.X, Dir: [2]float64{d.X, d.Y}, Speed: a.Shot.Speed, Power: a.Shot.Speed / max,
		Kind: a.Kind, Target: a.Target, Success: a.Success,
	}
	if a.Aimed {
		c := st.Config().Physics.Spec.PocketCentre(a.Pocket)
		h.Pocket = &[2]float64{c.X, c.Y}
	}
	return h, nil
}

// coachReq asks a table for its position, for the coach of the seat that
// token holds.
type coachReq struct {
	token string
	reply chan coachSnap
}

type coachSnap struct {
	state game.Table
	seq   int64
	seed  uint64
	err   error
}

// coachable answers a coachReq: the table's position, if the token holds
// the seat to strike at a table with a computer player.
func (t *table) coachable(token string) coachSnap {
	turn := t.state.ToAct()
	computer := false
	for _, s := range t.seats {
		computer = computer || s.bot != nil
	}
	switch {
	case t.state.Config().Rules.Variant != nil:
		return coachSnap{err: fmt.Errorf("server: the coach plays the ICF and family rules only: %w", ErrNoHint)}
	case !computer:
		return coachSnap{err: fmt.Errorf("server: no computer plays at this table: %w", ErrNoHint)}
	case t.over() || !t.started() || turn.Need != game.NeedStrike:
		return coachSnap{err: fmt.Errorf("server: no stroke to play: %w", ErrNoHint)}
	case t.seats[turn.Seat].token == "" || t.seats[turn.Seat].token != token:
		return coachSnap{err: fmt.Errorf("server: seat %d is not yours: %w", turn.Seat, ErrNoHint)}
	}
	return coachSnap{state: t.state, seq: t.seq, seed: rand.New(rand.NewPCG(t.cfg.Seed, uint64(t.seq))).Uint64()}
}

// tableHint answers POST /api/tables/{id}/hint: the coach's shot for the
// stroke the asker is to play now.
func (s *Server) tableHint(w http.ResponseWriter, r *http.Request) {
	t := s.table(r.PathValue("id"))
	if t == nil {
		apiError(w, fmt.Errorf("server: no table %q in play: %w", r.PathValue("id"), carrom.ErrNotFound))
		return
	}
	reply := make(chan coachSnap, 1)
	if !t.post(coachReq{token: token(r), reply: reply}) {
		apiError(w, fmt.Errorf("server: the table has ended: %w", ErrNoHint))
		return
	}
	var snap coachSnap
	select {
	case snap = <-reply:
	case <-r.Context().Done():
		return
	}
	if snap.err != nil {
		apiError(w, snap.err)
		return
	}
	if err := s.mayHint(r); err != nil {
		apiError(w, err)
		return
	}
	h, err := s.advise(r.Context(), snap.state, snap.seq, snap.seed)
	if err != nil {
		apiError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, h)
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

// practice answers POST /api/practice: any position, as a position string
// (docs/notation.md), played on by one action and/or advised by the coach.
// Nothing is kept: the page holds the positions, and undo is the one before.
func (s *Server) practice(w http.ResponseWriter, r *http.Request) {
	var req practiceReq
	if err := httpapi.ReadJSON(w, r, &req); err != nil {
		apiError(w, err)
		return
	}
	setup, err := practiceSetup(req, s.physics)
	if err != nil {
		apiError(w, httpapi.Refuse(ErrMessage, "%v", err))
		return
	}
	m := setup.Match
	st, err := game.Resume(game.Config{Rules: m.Rules, Players: m.Players, Physics: s.physics}, setup)
	if err != nil {
		apiError(w, httpapi.Refuse(ErrMessage, "%v", err))
		return
	}
	// The same state and event messages as a table's, every seat held by
	// the one practising, who is there; no table.
	v := tableView{id: "practice", cfg: protocol.TableConfig{Rules: m.Rules.Name, Players: m.Players}, started: true}
	for i := range m.Players {
		v.seats = append(v.seats, protocol.SeatState{Seat: i, Kind: protocol.SeatHuman, Nickname: "You", Taken: true})
	}
	cur, seq := st, int64(0)
	var resp protocol.Practiced
	if len(req.Action) > 0 {
		in, err := decodeMessage(req.Action, s.physics.MaxSpeed)
		if err != nil {
			apiError(w, err)
			return
		}
		if in.kind != "act" || in.action.Kind == game.Concede {
			apiError(w, httpapi.Refuse(ErrMessage, "practice plays a strike, a place or a forgo"))
			return
		}
		a := in.action
		a.Seat = st.ToAct().Seat
		next, out, err := st.Apply(a)
		if err != nil {
			apiError(w, httpapi.Refuse(ErrMessage, "%v", err))
			return
		}
		cur, seq = next, 1
		ev := v.event(st, next, seq, a, out, time.Time{})
		resp.Event = &ev
	}
	resp.Position, resp.State = record.FormatPosition(cur.Setup()), v.gameState(cur, time.Time{})
	if req.Hint && cur.ToAct().Need == game.NeedStrike {
		if err := s.mayHint(r); err != nil {
			apiError(w, err)
			return
		}
		h, err := s.advise(r.Context(), cur, seq, 1)
		if err != nil {
			apiError(w, err)
			return
		}
		resp.Hint = &h
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
