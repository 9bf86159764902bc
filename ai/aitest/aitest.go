// Package aitest is the acceptance test every computer player must pass.
//
//	func TestMyPlayer(t *testing.T) {
//		aitest.Exercise(t, func(seed uint64) ai.Player { return myplayer.New(seed) }, time.Second)
//	}
package aitest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Actions is how many actions Exercise asks for at each table set-up.
const Actions = 8

// Exercise plays matches in which the player made by newPlayer acts for
// every seat, under the ICF laws in singles and doubles and under the family
// rules, for Actions actions each, and checks at every step that the player
// answers without panicking, within limit, with an action the table
// accepts, and with the same action as a second player made with the same
// seed. The strokes are played with a wide execution noise, so that the
// matches wander into varied positions.
func Exercise(t *testing.T, newPlayer func(seed uint64) ai.Player, limit time.Duration) {
	t.Helper()
	setups := []struct {
		name    string
		rules   rules.Rules
		players int
	}{
		{"icf singles", rules.ICF(), 2},
		{"icf doubles", rules.ICF(), 4},
		{"family singles", rules.Family(), 2},
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
			r := rand.New(rand.NewPCG(seed, 7))
			var slowest time.Duration
			defer func() { t.Logf("slowest answer %v (limit %v)", slowest, limit) }()
			for step := range Actions {
				turn := tab.ToAct()
				if turn.Need == game.NeedNothing {
					return
				}
				start := time.Now()
				act, err := call(a, tab)
				took := time.Since(start)
				slowest = max(slowest, took)
				if took > limit {
					t.Errorf("step %d (%v): answered in %v; want at most %v", step, turn.Need, took, limit)
				}
				if err != nil {
					t.Fatalf("step %d (%v): Act: %v", step, turn.Need, err)
				}
				again, err := call(b, tab)
				if err != nil {
					t.Fatalf("step %d (%v): second player with the same seed: Act: %v", step, turn.Need, err)
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
