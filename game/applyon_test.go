package game

import (
	"reflect"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"pgregory.net/rapid"
)

// ApplyOn on one simulator reused stroke after stroke gives the table and
// the outcome Apply gives, and so does a simulator made for other physics
// (which ApplyOn does not use).
func TestApplyOnIsApply(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := drawTable(t)
		p := tb.Config().Physics
		if rapid.Bool().Draw(t, "other physics") {
			p.ECushion /= 2
		}
		sim, err := physics.NewSimulator(p)
		if err != nil {
			t.Fatal(err)
		}
		for range rapid.IntRange(1, 30).Draw(t, "actions") {
			if tb.ToAct().Need == NeedNothing {
				return
			}
			a := drawAction(t, tb)
			next, out, err := tb.Apply(a)
			if err != nil {
				t.Fatalf("%v refused: %v", a, err)
			}
			on, oout, err := tb.ApplyOn(sim, a)
			if err != nil {
				t.Fatalf("ApplyOn(%v): %v", a, err)
			}
			if !reflect.DeepEqual(on, next) || !reflect.DeepEqual(oout, out) {
				t.Fatalf("ApplyOn(%v) = %+v; Apply gave %+v", a, oout, out)
			}
			tb = next
		}
	})
}

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
