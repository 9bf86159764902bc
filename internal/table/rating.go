package table

import (
	"context"
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
)

// mayRate checks that the browser of token may sit at seat of a rated
// table: it holds the session of an account (the one it plays as, not the
// one its token was once linked to) that holds no other seat there. It
// returns the account.
func (t *fairPlay) mayRate(ctx context.Context, seat int, token string) (Player, error) {
	a, err := t.env.Players.PlaysAs(ctx, token)
	if errors.Is(err, carrom.ErrNotFound) {
		return a, fmt.Errorf("table: a rated match needs an account: sign in: %w", errNotSignedIn)
	}
	if err != nil {
		return a, err
	}
	for i, o := range t.seats {
		if i == seat || o.token == "" {
			continue
		}
		if o.token == token {
			return a, fmt.Errorf("table: in a rated match one account plays one seat: %w", ErrSeatTaken)
		}
		if b, err := t.env.Players.PlaysAs(ctx, o.token); err == nil && b.ID == a.ID {
			return a, fmt.Errorf("table: in a rated match one account plays one seat: %w", ErrSeatTaken)
		}
	}
	return a, nil
}

// countPlay counts a stroke, and a board it finished, toward the rating's
// threshold (the rating's TooShort).
func (t *fairPlay) countPlay(before, after game.Table, a game.Action) {
	if a.Kind != game.Strike {
		return
	}
	t.strokes++
	b, n := before.Match(), after.Match()
	if after.ToAct().Need == game.NeedNothing || b.Game != n.Game || b.Board.Number != n.Board.Number {
		t.boards++
	}
}

// checkCap, when a rated match begins, tells its players if it will be
// played unrated because two of its opponents have played their rated
// matches of the day against each other (Pairs).
func (t *fairPlay) checkCap(ctx context.Context) {
	if !t.cfg.Rated || t.env.Pairs == nil {
		return
	}
	now := t.env.Clock.Now()
	ids := make([]Player, len(t.seats))
	for i, s := range t.seats {
		a, err := t.env.Players.PlaysAs(ctx, s.token)
		if err != nil {
			return
		}
		ids[i] = a
	}
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			if i%2 == j%2 {
				continue
			}
			n, capped, err := t.env.Pairs.PlayedToday(ctx, ids[i].ID, ids[j].ID, now)
			if err != nil {
				t.log.Warn("counting the rated matches of a pair", "err", err)
				return
			}
			if capped {
				t.unrated = fmt.Sprintf("%s and %s have played %d rated matches against each other today, the most a day: this match is not rated", ids[i].Name, ids[j].Name, n)
				return
			}
		}
	}
}
