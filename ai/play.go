package ai

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/carrom-game/carrom/game"
)

// Transcript is what Play saw: every action as applied (strokes as executed,
// after the noise), so that game.Replay rebuilds the table bit for bit,
// and the counts the measurements need.
type Transcript struct {
	Actions []game.Action
	Tally
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
		if a.Kind == game.Strike && turn.Seat < len(noises) {
			a.Shot = noises[turn.Seat].Execute(t, a.Shot, r)
		}
		next, out, err := t.Apply(a)
		if err != nil {
			return t, rec, fmt.Errorf("ai: seat %d: %v rejected: %w", turn.Seat, a.Kind, err)
		}
		rec.Actions = append(rec.Actions, a)
		rec.Add(t, a, out, next)
		t = next
	}
}

// Boards is a stop for Play: after n boards have ended.
func Boards(n int) func(game.Table, Transcript) bool {
	return func(_ game.Table, r Transcript) bool { return len(r.Boards) >= n }
}
