package server

import (
	"context"
	"math/rand/v2"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Bot chooses the actions of a computer seat: the action its hand carries
// out, noise included, drawn from rng.
type Bot interface {
	Act(ctx context.Context, t game.Table, seat int, rng *rand.Rand) (game.Action, error)
}

// BotFactory makes the player of a level; an unknown level is an error.
type BotFactory func(level string) (Bot, error)

// drive plays the computer seats, and the tosses, until a human must act.
func (t *table) drive(ctx context.Context) {
	for t.started() && !t.over() && ctx.Err() == nil {
		turn := t.state.ToAct()
		rng := rand.New(rand.NewPCG(t.cfg.Seed, uint64(t.seq)))
		var a game.Action
		switch {
		case turn.Need == game.NeedToss:
			a = game.Action{Kind: game.Toss, Toss: rules.Side(rng.IntN(2))}
		case t.seats[turn.Seat].bot != nil:
			var err error
			if a, err = t.seats[turn.Seat].bot.Act(ctx, t.state, turn.Seat, rng); err != nil {
				t.log.Error("computer player failed", "seat", turn.Seat, "err", err)
				a = fallback(t.state, turn)
			}
		default:
			return
		}
		if t.commit(ctx, a, t.srv.clock.Now(), nil) != nil {
			// A computer player's mistake must not stall the table.
			if t.commit(ctx, fallback(t.state, turn), t.srv.clock.Now(), nil) != nil {
				return
			}
		}
	}
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
