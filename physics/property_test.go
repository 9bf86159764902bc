package physics_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/physics/physicstest"
	"pgregory.net/rapid"
)

// genState draws a table: up to 19 coins and a striker anywhere on the
// surface, clear of each other and of the pockets, some at rest, some
// moving in any direction at up to the maximum speed.
func genState(t *rapid.T, p physics.Params) physics.State {
	n := rapid.IntRange(1, 20).Draw(t, "n")
	var s physics.State
	for i := 0; i < n; i++ {
		kind := board.Kind(rapid.IntRange(0, 2).Draw(t, "kind"))
		if i == 0 {
			kind = board.Striker
		}
		r := p.Spec.Radius(kind)
		lim := p.Spec.Half() - r
		pos := board.Vec{X: rapid.Float64Range(-lim, lim).Draw(t, "x"), Y: rapid.Float64Range(-lim, lim).Draw(t, "y")}
		if !free(p, s, pos, r) {
			continue
		}
		var vel board.Vec
		if rapid.Bool().Draw(t, "moving") {
			th := rapid.Float64Range(0, 2*math.Pi).Draw(t, "angle")
			vel = board.Vec{X: math.Cos(th), Y: math.Sin(th)}.Scale(rapid.Float64Range(0, p.MaxSpeed).Draw(t, "speed"))
		}
		s.Discs = append(s.Discs, physics.Disc{ID: string(rune('A' + i)), Kind: kind, Pos: pos, Vel: vel})
	}
	return s
}

func free(p physics.Params, s physics.State, pos board.Vec, r float64) bool {
	for k := board.Pocket(0); k < board.Pockets; k++ {
		if pos.Dist(p.Spec.PocketCentre(k)) < p.CaptureRadius {
			return false
		}
	}
	for _, d := range s.Discs {
		if pos.Dist(d.Pos) < r+p.Spec.Radius(d.Kind) {
			return false
		}
	}
	return true
}

// genCluster draws a touching cluster: the break arrangement turned any
// way, with some pieces taken away, struck from a legal place on a base
// line towards the centre give or take a little.
func genCluster(t *rapid.T, p physics.Params) physics.State {
	th := rapid.Float64Range(0, 2*math.Pi).Draw(t, "turn")
	pieces := p.Spec.Arrangement(board.Vec{X: math.Cos(th), Y: math.Sin(th)})
	keep := pieces[:0]
	for _, pc := range pieces {
		if rapid.IntRange(0, 9).Draw(t, "drop") > 0 {
			keep = append(keep, pc)
		}
	}
	seat := board.Base(rapid.IntRange(0, 3).Draw(t, "seat"))
	x := rapid.Float64Range(-0.06, 0.06).Draw(t, "x")
	from := p.Spec.StrikerAt(seat, x)
	aim := from.Scale(-1).Unit()
	aim = aim.Add(aim.Rot90().Scale(rapid.Float64Range(-0.1, 0.1).Draw(t, "off"))).Unit()
	dir := board.Vec{X: aim.Dot(seat.Right()), Y: aim.Dot(seat.Forward())}
	speed := rapid.Float64Range(0, p.MaxSpeed).Draw(t, "speed")
	s, err := physics.Place(p, keep, physics.Shot{Base: seat, X: x, Dir: dir, Speed: speed})
	if err != nil {
		t.Fatalf("Place: %v", err)
	}
	return s
}

func checkStroke(t *rapid.T, p physics.Params, s physics.State) {
	r, err := physics.Simulate(p, s)
	if err != nil {
		t.Fatalf("Simulate: %v", err)
	}
	if err := physicstest.Check(p, s, r); err != nil {
		t.Fatalf("%v", err)
	}
	if r.Capped {
		for _, e := range r.Events[len(r.Events)-12:] {
			t.Logf("%v %+v %+v", e, e.A, e.B)
		}
		t.Fatalf("hit the event cap after %d events", len(r.Events))
	}
	again, _ := physics.Simulate(p, s)
	if !reflect.DeepEqual(again, r) {
		t.Fatalf("a second run differs")
	}
}

// TestPropertyRandom: on any table the invariants hold after every event
// (no overlap beyond 1e-9 m, energy never rises, time never goes back,
// momentum kept in each contact, every disc on the surface or pocketed)
// and the stroke ends, the same way every time.
func TestPropertyRandom(t *testing.T) {
	p := physics.Default()
	rapid.Check(t, func(t *rapid.T) { checkStroke(t, p, genState(t, p)) })
}

// TestPropertyCluster: the same for strokes into a touching cluster.
func TestPropertyCluster(t *testing.T) {
	p := physics.Default()
	rapid.Check(t, func(t *rapid.T) { checkStroke(t, p, genCluster(t, p)) })
}

// TestPropertyRestitution: the invariants hold for any restitutions and
// friction, down to perfectly plastic collisions without dwell, where only
// the event cap guarantees the end.
func TestPropertyRestitution(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := physics.Default()
		p.ECoinCoin = rapid.Float64Range(0, 1).Draw(t, "ecc")
		p.EStrikerCoin = rapid.Float64Range(0, 1).Draw(t, "esc")
		p.ECushion = rapid.Float64Range(0, 1).Draw(t, "ecu")
		p.MuCoin = rapid.Float64Range(0.05, 0.3).Draw(t, "mucoin")
		p.MuStriker = rapid.Float64Range(0.05, 0.3).Draw(t, "mustriker")
		p.Dwell = rapid.SampledFrom([]float64{0, 1e-6, 1e-4}).Draw(t, "dwell")
		var s physics.State
		if rapid.Bool().Draw(t, "cluster") {
			s = genCluster(t, p)
		} else {
			s = genState(t, p)
		}
		r, err := physics.Simulate(p, s)
		if err != nil {
			t.Fatalf("Simulate: %v", err)
		}
		if err := physicstest.Check(p, s, r); err != nil {
			for _, e := range r.Events {
				t.Logf("%v %+v %+v", e, e.A, e.B)
			}
			t.Fatalf("%v", err)
		}
	})
}
