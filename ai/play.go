package ai

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/rules"
)

// Transcript is what Play saw: every action as applied (strokes as executed,
// after the noise), so that game.Replay rebuilds the table bit for bit,
// and the counts the measurements need.
type Transcript struct {
	Actions []game.Action
	Boards  []rules.Result // each board that ended, in order
	Strokes [2]int         // strokes by each side
	Scoring [2]int         // strokes that pocketed at least one own c/m, by side
	Slams   [2]int         // boards a side won in its first turn (RULES SC-5)
}

// Play runs the match at t until it ends or stop (if not nil) says so
// before an action: players[seat] acts for each seat, and each stroke is
// perturbed by noises[seat] with draws from seed. An action the table
// rejects is a player's bug and ends the run with an error.
func Play(ctx context.Context, t game.Table, players []Player, noises []Noise, seed uint64, stop func(game.Table, Transcript) bool) (game.Table, Transcript, error) {
	var rec Transcript
	r := rand.New(rand.NewPCG(seed, 0x91a7))
	for {
		turn := t.ToAct()
		if turn.Need == game.NeedNothing || (stop != nil && stop(t, rec)) {
			return t, rec, nil
		}
		if err := ctx.Err(); err != nil {
			return t, rec, err
		}
		if turn.Seat >= len(players) || players[turn.Seat] == nil {
			return t, rec, fmt.Errorf("ai: no player for seat %d", turn.Seat)
		}
		a, err := players[turn.Seat].Act(ctx, t)
		if err != nil {
			return t, rec, fmt.Errorf("ai: seat %d: %w", turn.Seat, err)
		}
		side := rules.Side(turn.Seat % 2)
		if a.Kind == game.Strike {
			if turn.Seat < len(noises) {
				a.Shot = noises[turn.Seat].Execute(t, a.Shot, r)
			}
			rec.Strokes[side]++
		}
		next, out, err := t.Apply(a)
		if err != nil {
			return t, rec, fmt.Errorf("ai: seat %d: %v rejected: %w", turn.Seat, a.Kind, err)
		}
		rec.Actions = append(rec.Actions, a)
		if a.Kind == game.Strike {
			own := out.Stroke.Pocketed.White
			if t.Colour(turn.Seat) == rules.Black {
				own = out.Stroke.Pocketed.Black
			}
			if own > 0 {
				rec.Scoring[side]++
			}
		}
		// A placing has no ruling; every other action has one.
		if rul := out.Ruling; rul != nil && rul.Result != nil {
			res := rul.Result
			rec.Boards = append(rec.Boards, *res)
			if res.Slam != "" && res.Winner != rules.NoSide {
				rec.Slams[res.Winner]++
			}
		}
		t = next
	}
}

// Boards is a stop for Play: after n boards have ended.
func Boards(n int) func(game.Table, Transcript) bool {
	return func(_ game.Table, r Transcript) bool { return len(r.Boards) >= n }
}
