package physics_test

import (
	"errors"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// TestPlace: the striker's position is judged by the equipment laws before
// anything moves, and a bad shot is an error value, never a panic.
func TestPlace(t *testing.T) {
	p := physics.Default()
	coin := []board.Piece{{ID: "w1", Kind: board.White, Pos: p.Spec.StrikerAt(0, 0).Add(board.Vec{Y: 0.03})}}
	ahead := board.Vec{Y: 1}
	o := p.Spec.BaseCircleOffset()
	tests := []struct {
		rule   string
		pieces []board.Piece
		shot   physics.Shot
		want   error
	}{
		{"ST-1 on the midline", nil, physics.Shot{Base: 1, X: 0.1, Dir: ahead, Speed: 2}, nil},
		{"ST-1 beyond the base line's end", nil, physics.Shot{Base: 0, X: 0.24, Dir: ahead, Speed: 2}, board.ErrOffBaseline},
		{"ST-2 covering a base circle completely", nil, physics.Shot{Base: 2, X: o, Dir: ahead, Speed: 2}, nil},
		{"ST-2 partly over a base circle", nil, physics.Shot{Base: 3, X: o - 0.02, Dir: ahead, Speed: 2}, board.ErrBaseCircle},
		{"ST-3 overlapping a coin", coin, physics.Shot{Base: 0, X: 0, Dir: ahead, Speed: 2}, board.ErrOverlap},
		{"ST-3 clear of the coin", coin, physics.Shot{Base: 0, X: 0.1, Dir: ahead, Speed: 2}, nil},
		{"ST-4 a back shot is allowed (ICF)", nil, physics.Shot{Base: 0, X: 0, Dir: board.Vec{Y: -1}, Speed: 1}, nil},
		{"no direction", nil, physics.Shot{Base: 0, Dir: board.Vec{}, Speed: 2}, physics.ErrShot},
		{"a direction too small to make a unit vector", nil, physics.Shot{Base: 0, Dir: board.Vec{X: 1e-200, Y: 1e-200}, Speed: 2}, physics.ErrShot},
		{"a direction too large to make a unit vector", nil, physics.Shot{Base: 0, Dir: board.Vec{X: 1, Y: 1e308}, Speed: 2}, physics.ErrShot},
		{"faster than the hardest flick", nil, physics.Shot{Base: 0, Dir: ahead, Speed: p.MaxSpeed * 1.01}, physics.ErrShot},
		{"negative speed", nil, physics.Shot{Base: 0, Dir: ahead, Speed: -1}, physics.ErrShot},
		{"no such seat", nil, physics.Shot{Base: 4, Dir: ahead, Speed: 1}, board.ErrBase},
		{"a striker among the pieces", []board.Piece{{ID: "s2", Kind: board.Striker}}, physics.Shot{Base: 0, Dir: ahead, Speed: 1}, physics.ErrState},
	}
	for _, tt := range tests {
		s, err := physics.Place(p, tt.pieces, tt.shot)
		if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("%s: Place(%+v) error %v; want %v", tt.rule, tt.shot, err, tt.want)
			continue
		}
		if err != nil {
			continue
		}
		st := s.Discs[len(s.Discs)-1]
		if want := p.Spec.StrikerAt(tt.shot.Base, tt.shot.X); st.Kind != board.Striker || st.Pos != want {
			t.Errorf("%s: striker %+v; want at %v", tt.rule, st, want)
		}
		// The direction is in the shooter's frame: straight ahead is the
		// seat's Forward, whatever the seat.
		if got, want := st.Vel.Unit(), tt.shot.Base.Right().Scale(tt.shot.Dir.Unit().X).Add(tt.shot.Base.Forward().Scale(tt.shot.Dir.Unit().Y)); got.Sub(want).Len() > 1e-15 {
			t.Errorf("%s: striker moves along %v; want %v", tt.rule, got, want)
		}
	}
}

// TestCheck: states that cannot be simulated are rejected with ErrState.
func TestCheck(t *testing.T) {
	p := physics.Default()
	ok := physics.Disc{ID: "w1", Kind: board.White}
	tests := []struct {
		name  string
		discs []physics.Disc
	}{
		{"no id", []physics.Disc{{Kind: board.White}}},
		{"repeated id", []physics.Disc{ok, {ID: "w1", Kind: board.Black, Pos: board.Vec{X: 0.1}}}},
		{"unknown kind", []physics.Disc{{ID: "x", Kind: board.Kind(7)}}},
		{"off the surface", []physics.Disc{{ID: "w1", Kind: board.White, Pos: board.Vec{X: 0.36}}}},
		{"over a pocket", []physics.Disc{{ID: "w1", Kind: board.White, Pos: p.Spec.PocketCentre(2)}}},
		{"overlapping", []physics.Disc{ok, {ID: "b1", Kind: board.Black, Pos: board.Vec{X: 0.03}}}},
		{"far too fast", []physics.Disc{{ID: "w1", Kind: board.White, Vel: board.Vec{X: 100}}}},
		{"bad pocket", []physics.Disc{{ID: "w1", Kind: board.White, Pocketed: true, Pocket: 4}}},
	}
	for _, tt := range tests {
		if _, err := physics.Simulate(p, physics.State{Discs: tt.discs}); !errors.Is(err, physics.ErrState) {
			t.Errorf("%s: Simulate error %v; want ErrState", tt.name, err)
		}
	}
	touching := physics.State{Discs: []physics.Disc{ok, {ID: "b1", Kind: board.Black, Pos: board.Vec{X: 2 * p.Spec.CoinRadius()}}}}
	if _, err := physics.Simulate(p, touching); err != nil {
		t.Errorf("two touching coins: %v; want no error", err)
	}
	bad := p
	bad.ECushion = 1.5
	if _, err := physics.Simulate(bad, touching); !errors.Is(err, physics.ErrParams) {
		t.Errorf("restitution 1.5: %v; want ErrParams", err)
	}
}
