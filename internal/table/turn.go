package table

import (
	"context"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/rules"
)

// next plays the tosses and sets the computer seat to act thinking; a
// human's turn waits for his intent.
func (t *table) next(ctx context.Context) {
	for t.started() && !t.over() && ctx.Err() == nil {
		turn := t.state.ToAct()
		switch {
		case turn.Need == game.NeedToss:
			toss := game.Action{Kind: game.Toss, Toss: rules.Side(t.rng().IntN(2))}
			if t.commit(ctx, toss, t.env.Clock.Now(), nil) != nil {
				return
			}
		case t.seats[turn.Seat].bot != nil:
			if t.demo() && len(t.clients) == 0 {
				// Nobody watches: the table waits for someone to.
				return
			}
			t.think(ctx, turn.Seat)
			return
		default:
			return
		}
	}
}
