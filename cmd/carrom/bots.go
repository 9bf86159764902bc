package main

import (
	"context"
	"math/rand/v2"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/server"
)

// bots makes the server's computer players: the levels of package ai.
func bots(level string) (server.Bot, error) {
	l, err := ai.LevelByName(level)
	if err != nil {
		return nil, err
	}
	return aiBot{level: l}, nil
}

// aiBot plays a seat with a computer player of its level; the table's
// random source seeds its search and moves its hand (the level's noise),
// so the stored action is what happened and replays exactly.
type aiBot struct{ level ai.Level }

func (b aiBot) Act(ctx context.Context, t game.Table, _ int, rng *rand.Rand) (game.Action, error) {
	a, err := ai.New(b.level, 0, rng.Uint64()).Act(ctx, t)
	if err != nil {
		return a, err
	}
	if a.Kind == game.Strike {
		a.Shot = b.level.Noise.Perturb(a.Shot, t.Config().Physics, t.Pieces(), rng)
	}
	return a, nil
}
