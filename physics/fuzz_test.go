package physics_test

import (
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/internal/physicsbench"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/physics/physicstest"
)

// FuzzStroke simulates any shot on a generated table or on the break and
// checks the invariants after every event. Without -fuzz it runs the seeds.
func FuzzStroke(f *testing.F) {
	f.Add(uint64(1), uint8(0), 0.0, 0.0, 1.0, 5.0, true)
	f.Add(uint64(2), uint8(1), 0.1, 0.3, 1.0, 3.0, false)
	f.Add(uint64(3), uint8(2), -0.05, -0.2, 1.0, 0.5, false)
	f.Add(uint64(4), uint8(3), 0.02, 0.01, 1.0, 4.9, true)
	f.Add(uint64(5), uint8(0), 0.2208, 0.0, 1.0, 5.0, false)
	p := physics.Default()
	sim, err := physics.NewSimulator(p)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, seed uint64, seat uint8, x, dx, dy, speed float64, brk bool) {
		var pieces []board.Piece
		if brk {
			pieces = p.Spec.BreakArrangement(board.Base(seat % board.Bases))
		} else {
			pieces = physicsbench.Generate(p, seed, 1)[0].Pieces
		}
		s, err := physics.Place(p, pieces, physics.Shot{Base: board.Base(seat % 8), X: x, Dir: board.Vec{X: dx, Y: dy}, Speed: speed})
		if err != nil {
			return // an illegal shot is an error, which is what Place is for
		}
		r, err := sim.Simulate(s)
		if err != nil {
			t.Fatalf("Simulate of a placed shot: %v", err)
		}
		if err := physicstest.Check(p, s, r); err != nil {
			t.Fatal(err)
		}
	})
}
