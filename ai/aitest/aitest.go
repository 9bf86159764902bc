// Package aitest is the acceptance test every computer player must pass.
//
//	func TestMyPlayer(t *testing.T) {
//		aitest.Exercise(t, func(seed uint64) ai.Player { return myplayer.New(seed) }, 0)
//	}
package aitest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Actions is how many actions Exercise asks for at each table set-up.
const Actions = 8

// Counter is a player that counts its effort: the strokes it has
// simulated so far. Unlike time, the count is the same on every machine
// and under any load.
type Counter interface {
	Simulations() int
}

// Exercise plays matches in which the player made by newPlayer acts for
// every seat, under the ICF laws in singles and doubles, under the family
// rules, and under each variant without colours (RULES §14: point carrom
// for two, three players, buying the pockets for four), for Actions
// actions each, and checks at every step that the player
// answers without panicking, with an action the table accepts, and with
// the same action as a second player made with the same seed; with most
// above 0, the player must be a Counter and simulate at most most strokes
// an action. The strokes are played with a wide execution noise, so that
// the matches wander into varied positions. How long a player takes is
// for a benchmark to measure, not a test.
func Exercise(t *testing.T, newPlayer func(seed uint64) ai.Player, most int) {
	t.Helper()
	setups := []struct {
		name    string
		rules   rules.Rules
		players int
	}{
		{"icf singles", rules.ICF(), 2},
		{"icf doubles", rules.ICF(), 4},
		{"family singles", rules.Family(), 2},
		{"point carrom", rules.Of(rules.PointCarrom()), 2},
		{"three players", rules.Of(rules.ThreePlayers()), 3},
		{"buying the pockets, four players", rules.Of(rules.BuyingPockets()), 4},
	}
	wide := ai.Noise{X: 0.01, Angle: 5, Speed: 0.1}
	for i, su := range setups {
		t.Run(su.name, func(t *testing.T) {
			tab, err := game.New(game.Config{Rules: su.rules, Players: su.players, Physics: physics.Default()})
			if err != nil {
				t.Fatalf("game.New: %v", err)
			}
			seed := uint64(i + 1)
			a, b := newPlayer(seed), newPlayer(seed)
			var counter, counterB Counter
			if most > 0 {
				c, ok := a.(Counter)
				cb, okB := b.(Counter)
				if !ok || !okB {
					t.Fatalf("a limit of %d simulations an action, but %T counts none (aitest.Counter)", most, a)
				}
				counter, counterB = c, cb
			}
			r := rand.New(rand.NewPCG(seed, 7))
			busiest := 0
			defer func() {
				if counter != nil {
					t.Logf("most strokes simulated in one action: %d (limit %d)", busiest, most)
				}
			}()
			for step := range Actions {
				turn := tab.ToAct()
				if turn.Need == game.NeedNothing {
					return
				}
				before := 0
				if counter != nil {
					before = counter.Simulations()
				}
				act, err := call(a, tab)
				if err != nil {
					t.Fatalf("step %d (%v): Act: %v", step, turn.Need, err)
				}
				n := 0
				if counter != nil {
					n = counter.Simulations() - before
					busiest = max(busiest, n)
					if n > most {
						t.Errorf("step %d (%v): %d strokes simulated; want at most %d", step, turn.Need, n, most)
					}
					before = counterB.Simulations()
				}
				again, err := call(b, tab)
				if err != nil {
					t.Fatalf("step %d (%v): second player with the same seed: Act: %v", step, turn.Need, err)
				}
				if counter != nil {
					if m := counterB.Simulations() - before; m != n {
						t.Errorf("step %d (%v): same seed, same table: %d strokes simulated, then %d; want the same effort", step, turn.Need, n, m)
					}
				}
				if !reflect.DeepEqual(act, again) {
					t.Errorf("step %d (%v): same seed, same table: %+v, then %+v; want the same action", step, turn.Need, act, again)
				}
				meant, _, err := tab.Apply(act)
				if err != nil {
					t.Fatalf("step %d (%v): table rejects %+v: %v", step, turn.Need, act, err)
				}
				if act.Kind == game.Strike {
					act.Shot = wide.Execute(tab, act.Shot, r)
				}
				if next, _, err := tab.Apply(act); err == nil {
					tab = next
				} else {
					// The noise made the shot illegal: play it as meant.
					tab = meant
				}
			}
		})
	}
}

// call asks p to act, turning a panic into an error.
func call(p ai.Player, t game.Table) (a game.Action, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	return p.Act(context.Background(), t)
}
