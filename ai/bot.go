package ai

import (
	"context"
	"math/rand/v2"

	"github.com/carrom-game/carrom/game"
)

// Bot plays a computer seat for whoever runs the table (the server, a
// test): its Computer plans, seeded from rng, and its hand moves with the
// level's noise, drawn from the same rng, so the action returned is what
// happened and a stored match replays exactly.
type Bot struct {
	Level Level
	// Workers is how many goroutines its search runs on (0: one per
	// core); the action is the same for any number.
	Workers int
}

// Act returns the action of the seat to act at t.
func (s Bot) Act(ctx context.Context, t game.Table, _ int, rng *rand.Rand) (game.Action, error) {
	a, err := New(s.Level, s.Workers, rng.Uint64()).Act(ctx, t)
	if err != nil {
		return a, err
	}
	if a.Kind == game.Strike {
		a.Shot = s.Level.Noise.Execute(t, a.Shot, rng)
	}
	return a, nil
}
