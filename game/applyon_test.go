package game

import (
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// A stroke applied on a simulator that has its buffers allocates less
// than one that makes a fresh simulator: the buffers were most of a
// server's garbage a stroke.
func TestApplyOnAllocatesLess(t *testing.T) {
	tb := newTable(t, icf(2))
	a := Action{Seat: 0, Kind: Strike, Shot: physics.Shot{X: 0, Dir: board.Vec{Y: 1}, Speed: 5}}
	sim, err := physics.NewSimulator(tb.Config().Physics)
	if err != nil {
		t.Fatal(err)
	}
	apply := testing.AllocsPerRun(10, func() {
		if _, _, err := tb.Apply(a); err != nil {
			t.Fatal(err)
		}
	})
	on := testing.AllocsPerRun(10, func() {
		if _, _, err := tb.ApplyOn(sim, a); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("the break: %v allocations with Apply, %v with ApplyOn", apply, on)
	if on > apply-10 {
		t.Errorf("the break allocates %v times with ApplyOn, %v with Apply; want at least 10 fewer", on, apply)
	}
}
