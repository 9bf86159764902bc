package physics_test

import (
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// runs counts the runs of the board in a straight stroke along one axis:
// one per frame edge reached, plus the fraction covered of the next
// crossing (RULES §1: to the opposite frame and back counts two).
func runs(p physics.Params, r physics.Result, from board.Vec) float64 {
	lim := p.Spec.Half() - p.Spec.StrikerRadius()
	n := 0
	last := from
	for _, e := range r.Events {
		if e.Kind == physics.Cushion {
			n++
			last = e.A.Pos
		}
	}
	span := 2 * lim
	if n == 0 {
		span = lim + from.Len() // the first run starts on the base line
	}
	return float64(n) + r.Final.Discs[0].Pos.Dist(last)/span
}

// TestCalibration: the striker, struck as hard as a player can, straight
// ahead from the middle of any base line, makes at least 3½ runs of the
// board (the equipment law, RULES §1) and not absurdly more.
func TestCalibration(t *testing.T) {
	p := physics.Default()
	for seat := board.Base(0); seat < board.Bases; seat++ {
		for _, x := range []float64{0, 0.1, -0.15} {
			s, err := physics.Place(p, nil, physics.Shot{Base: seat, X: x, Dir: board.Vec{Y: 1}, Speed: p.MaxSpeed})
			if err != nil {
				t.Fatalf("Place: %v", err)
			}
			r := simulate(t, p, s)
			for _, e := range r.Events {
				if e.Kind == physics.Fall {
					t.Fatalf("seat %d, x %v: the striker fell into a pocket: %v", seat, x, e)
				}
			}
			got := runs(p, r, s.Discs[0].Pos)
			if got < board.MinRuns || got > 6 {
				t.Errorf("seat %d, x %v: %.3f runs of the board at %v m/s; want %v to 6", seat, x, got, p.MaxSpeed, board.MinRuns)
			}
			if seat == 0 && x == 0 {
				t.Logf("%.3f runs in %.3f s", got, r.Time)
			}
		}
	}
}
