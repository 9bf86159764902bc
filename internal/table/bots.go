package table

import (
	"context"
	"math/rand/v2"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
)

// Bot chooses the actions of a computer seat: the action its hand carries
// out, noise included, drawn from rng. Act runs on its own goroutine,
// beside the table, on a table value of its own; it must return once ctx
// ends.
type Bot interface {
	Act(ctx context.Context, t game.Table, seat int, rng *rand.Rand) (game.Action, error)
}

// BotFactory makes the player of a level; an unknown level is an error.
type BotFactory func(level string) (Bot, error)

// rng is the randomness of the action after t.seq: the same seed and
// sequence number give the same computer's move and the same toss.
func (t *computerSeats) rng() *rand.Rand { return rand.New(rand.NewPCG(t.cfg.Seed, uint64(t.seq))) }

// demo says the table has no human seat: its computers play only while
// someone watches (issue 31: tables nobody watched pinned every core).
func (t *computerSeats) demo() bool {
	for _, s := range t.seats {
		if s.bot == nil {
			return false
		}
	}
	return true
}

// think starts a computer seat's search beside the table, on the position
// now, unless one is running already. The search waits for one of the
// server's search slots (Env.Searches; at a table of computers only,
// for one of the half of them those tables may use too). Its goroutine
// ends when the player returns: the player must return once its context
// ends, which is when the position changes (commit), the table stops or
// the server closes; its move then reaches the table as a botMove, or
// nowhere if the table has ended.
func (t *computerSeats) think(ctx context.Context, seat int) {
	if t.thinking != nil {
		return
	}
	sctx, cancel := context.WithCancel(ctx)
	t.thinking = cancel
	st, seq, bot, rng := t.state, t.seq, t.seats[seat].bot, t.rng()
	slots := []chan struct{}{t.env.Searches.All}
	if t.demo() {
		slots = []chan struct{}{t.env.Searches.Demo, t.env.Searches.All}
	}
	t.env.Searches.WG.Add(1)
	go func() {
		defer t.env.Searches.WG.Done()
		release, ok := takeSlots(sctx, slots)
		if !ok {
			return
		}
		a, err := bot.Act(sctx, st, seat, rng)
		release()
		t.post(botMove{seq: seq, action: a, err: err})
	}()
}

// takeSlots takes a slot of each of slots, in order, and returns the function
// that gives them back; false, holding none, if ctx ends first.
func takeSlots(ctx context.Context, slots []chan struct{}) (release func(), ok bool) {
	release = func() {}
	for _, slot := range slots {
		select {
		case slot <- struct{}{}:
			prev := release
			release = func() { <-slot; prev() }
		case <-ctx.Done():
			release()
			return nil, false
		}
	}
	return release, true
}

// stopThinking cancels the search running, if any, and drops the move
// held back for its pause.
func (t *computerSeats) stopThinking() {
	if t.thinking != nil {
		t.thinking()
		t.thinking = nil
	}
	if t.paceStop != nil {
		t.paceStop()
		t.paceStop = nil
	}
}

// played commits a computer's move for the position it thought about,
// once the previous action can have been watched (readyAt); a move for an
// older position is dropped.
func (t *computerSeats) played(ctx context.Context, m botMove) {
	if m.seq != t.seq || t.thinking == nil || ctx.Err() != nil {
		return
	}
	if wait := t.readyAt.Sub(t.env.Clock.Now()); wait > 0 {
		// Held back: meanwhile every page sees the aim being taken.
		if m.err == nil {
			t.showAim(m.action)
		}
		t.paceStop = t.env.Clock.AfterFunc(wait, func() { t.post(paced{move: m}) })
		return
	}
	t.stopThinking()
	turn := t.state.ToAct()
	a := m.action
	if m.err != nil {
		t.log.Error("computer player failed", "seat", turn.Seat, "err", m.err)
		a = fallback(t.state, turn)
	}
	if t.commit(ctx, a, t.env.Clock.Now(), nil) != nil {
		// A computer player's mistake must not stall the table.
		if t.commit(ctx, fallback(t.state, turn), t.env.Clock.Now(), nil) != nil {
			return
		}
	}
	t.next(ctx)
}

// fallback is the move made for a computer seat whose player failed: the
// suggested placing, or forgoing it, or a gentle shot straight ahead from
// the middle of the widest legal stretch of base line; failing all, the
// clock's forfeit.
func fallback(st game.Table, turn game.Turn) game.Action {
	switch turn.Need {
	case game.NeedPlace:
		if at, ok := st.PlaceHint(); ok {
			return game.Action{Seat: turn.Seat, Kind: game.Place, At: at}
		}
		return game.Action{Seat: turn.Seat, Kind: game.Forgo}
	case game.NeedStrike:
		best, width := 0.0, -1.0
		for _, r := range st.StrikerRanges() {
			if r.Hi-r.Lo > width {
				best, width = (r.Lo+r.Hi)/2, r.Hi-r.Lo
			}
		}
		if width > 0 {
			return game.Action{Seat: turn.Seat, Kind: game.Strike, Shot: physics.Shot{X: best, Dir: board.Vec{Y: 1}, Speed: st.Config().Physics.MaxSpeed / 2}}
		}
	}
	return game.Action{Seat: turn.Seat, Kind: game.Timeout}
}
