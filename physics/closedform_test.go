package physics_test

import (
	"math"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/physics/physicstest"
)

func simulate(t *testing.T, p physics.Params, s physics.State) physics.Result {
	t.Helper()
	r, err := physics.Simulate(p, s)
	if err != nil {
		t.Fatalf("Simulate: %v", err)
	}
	if err := physicstest.Check(p, s, r); err != nil {
		t.Fatalf("Check: %v", err)
	}
	return r
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestStoppingDistance: a lone disc slides v²/2μg in v/μg seconds.
func TestStoppingDistance(t *testing.T) {
	p := physics.Default()
	tests := []struct {
		kind board.Kind
		pos  board.Vec
		dir  board.Vec
		v    float64
	}{
		{board.Striker, board.Vec{}, board.Vec{X: 0, Y: 1}, 0.5},
		{board.White, board.Vec{X: -0.1, Y: 0.05}, board.Vec{X: 0.6, Y: -0.8}, 0.9},
		{board.Queen, board.Vec{X: 0.2, Y: 0.2}, board.Vec{X: -1, Y: 0}, 0.8},
		{board.Black, board.Vec{}, board.Vec{X: 1, Y: 0}, 1e-6},
	}
	for _, tt := range tests {
		s := physics.State{Discs: []physics.Disc{{ID: "a", Kind: tt.kind, Pos: tt.pos, Vel: tt.dir.Scale(tt.v)}}}
		r := simulate(t, p, s)
		a := float64(p.G * p.MuCoin)
		if tt.kind == board.Striker {
			a = float64(p.G * p.MuStriker)
		}
		d := tt.v * tt.v / (2 * a)
		want := tt.pos.Add(tt.dir.Scale(d))
		got := r.Final.Discs[0].Pos
		if got.Dist(want) > 1e-12 {
			t.Errorf("%v at %v, %v m/s: stops at %v; want %v (v²/2μg = %v m)", tt.kind, tt.pos, tt.v, got, want, d)
		}
		if !near(r.Time, tt.v/a, 1e-12) {
			t.Errorf("%v at %v m/s: stops after %v s; want v/μg = %v s", tt.kind, tt.v, r.Time, tt.v/a)
		}
		if len(r.Events) != 1 || r.Events[0].Kind != physics.Stop {
			t.Errorf("%v: events %v; want one stop", tt.kind, r.Events)
		}
	}
}

// TestHeadOn: a disc at speed v meets one at rest head on; afterwards they
// move at (m1 - e m2) v / (m1 + m2) and (1 + e) m1 v / (m1 + m2).
func TestHeadOn(t *testing.T) {
	p := physics.Default()
	tests := []struct {
		a, b board.Kind
		e    float64
	}{
		{board.White, board.Black, p.ECoinCoin},
		{board.Striker, board.Queen, p.EStrikerCoin},
		{board.Black, board.Striker, p.EStrikerCoin},
	}
	for _, tt := range tests {
		ra, rb := p.Spec.Radius(tt.a), p.Spec.Radius(tt.b)
		gap := 0.1
		v := 2.0
		s := physics.State{Discs: []physics.Disc{
			{ID: "a", Kind: tt.a, Pos: board.Vec{X: -0.2}, Vel: board.Vec{X: v}},
			{ID: "b", Kind: tt.b, Pos: board.Vec{X: -0.2 + ra + rb + gap}},
		}}
		r := simulate(t, p, s)
		e := r.Events[0]
		if e.Kind != physics.Contact {
			t.Fatalf("%v→%v: first event %v; want a contact", tt.a, tt.b, e)
		}
		dec := p.Decel(tt.a)
		u := math.Sqrt(v*v - 2*dec*gap) // speed on arrival
		tc := (v - u) / dec
		m1, m2 := p.Spec.Mass(tt.a), p.Spec.Mass(tt.b)
		w1 := (m1 - tt.e*m2) * u / (m1 + m2)
		w2 := (1 + tt.e) * m1 * u / (m1 + m2)
		if !near(e.T, tc, 1e-12) {
			t.Errorf("%v→%v: contact at %v s; want %v s", tt.a, tt.b, e.T, tc)
		}
		if !near(e.A.Vel.X, w1, 1e-12) || !near(e.B.Vel.X, w2, 1e-12) || e.A.Vel.Y != 0 || e.B.Vel.Y != 0 {
			t.Errorf("%v→%v: after the contact %v and %v; want (%v, 0) and (%v, 0)", tt.a, tt.b, e.A.Vel, e.B.Vel, w1, w2)
		}
	}
}

// TestDiagonalPocket: a coin sent along the diagonal falls into the
// corner pocket when its centre reaches the capture circle.
func TestDiagonalPocket(t *testing.T) {
	p := physics.Default()
	for k := board.Pocket(0); k < board.Pockets; k++ {
		pc := p.Spec.PocketCentre(k)
		u := pc.Unit()
		start := u.Scale(0.1)
		v := 2.5
		s := physics.State{Discs: []physics.Disc{{ID: "w1", Kind: board.White, Pos: start, Vel: u.Scale(v)}}}
		r := simulate(t, p, s)
		if len(r.Events) != 1 || r.Events[0].Kind != physics.Fall || r.Events[0].J != int(k) {
			t.Fatalf("pocket %d: events %v; want one pocket event into %d", k, r.Events, k)
		}
		d := pc.Len() - 0.1 - p.CaptureRadius
		a := p.Decel(board.White)
		want := (v - math.Sqrt(v*v-2*a*d)) / a
		if got := r.Events[0].T; !near(got, want, 1e-12) {
			t.Errorf("pocket %d: falls at %v s; want %v s", k, got, want)
		}
		if f := r.Final.Discs[0]; !f.Pocketed || f.Pocket != k {
			t.Errorf("pocket %d: final %+v; want pocketed in %d", k, f, k)
		}
	}
}

// TestCushion: a disc meets a frame edge square on and leaves at e times
// its arrival speed.
func TestCushion(t *testing.T) {
	p := physics.Default()
	tests := []struct {
		dir  board.Vec
		edge physics.Edge
	}{
		{board.Vec{X: 1}, physics.Right},
		{board.Vec{X: -1}, physics.Left},
		{board.Vec{Y: 1}, physics.Top},
		{board.Vec{Y: -1}, physics.Bottom},
	}
	for _, tt := range tests {
		v := 1.5
		s := physics.State{Discs: []physics.Disc{{ID: "b1", Kind: board.Black, Vel: tt.dir.Scale(v)}}}
		r := simulate(t, p, s)
		e := r.Events[0]
		if e.Kind != physics.Cushion || e.J != int(tt.edge) {
			t.Fatalf("towards %v: first event %v; want cushion %d", tt.dir, e, tt.edge)
		}
		a := p.Decel(board.Black)
		d := p.Spec.Half() - p.Spec.CoinRadius()
		u := math.Sqrt(v*v - 2*a*d)
		if got := e.A.Vel.Dot(tt.dir); !near(got, -p.ECushion*u, 1e-12) {
			t.Errorf("towards %v: leaves at %v m/s; want %v", tt.dir, got, -p.ECushion*u)
		}
		if got := e.A.Pos.Dot(tt.dir); !near(got, d, 1e-15) {
			t.Errorf("towards %v: meets the cushion at %v; want %v", tt.dir, got, d)
		}
	}
}

// TestBothMovingHeadOn: two discs slide towards each other on one line;
// the gap closes as D - (v1 + v2)t + a t² (both slow by a), so the contact
// time is the smaller root of a quadratic: a quartic case of the root finder.
func TestBothMovingHeadOn(t *testing.T) {
	p := physics.Default()
	r := p.Spec.CoinRadius()
	a := p.Decel(board.White)
	for _, v := range [][2]float64{{1, 1}, {2, 0.5}, {0.3, 3}} {
		gap := 0.3
		s := physics.State{Discs: []physics.Disc{
			{ID: "a", Kind: board.White, Pos: board.Vec{X: -gap/2 - r}, Vel: board.Vec{X: v[0]}},
			{ID: "b", Kind: board.Black, Pos: board.Vec{X: gap/2 + r}, Vel: board.Vec{X: -v[1]}},
		}}
		res := simulate(t, p, s)
		// gap - (v1+v2) t + a t² = 0, valid while both still move.
		b := v[0] + v[1]
		want := (b - math.Sqrt(b*b-4*a*gap)) / (2 * a)
		if e := res.Events[0]; e.Kind != physics.Contact || !near(e.T, want, 1e-12) {
			t.Errorf("speeds %v: first event %v; want a contact at %v s", v, e, want)
		}
	}
}

// TestGrazing: a disc passes a resting one with its path's clearance just
// above or just below the sum of the radii.
func TestGrazing(t *testing.T) {
	p := physics.Default()
	rr := p.Spec.StrikerRadius() + p.Spec.CoinRadius()
	for _, tt := range []struct {
		clear float64
		touch bool
	}{{1e-9, false}, {1e-7, false}, {-1e-9, true}, {-1e-7, true}} {
		s := physics.State{Discs: []physics.Disc{
			{ID: "s", Kind: board.Striker, Pos: board.Vec{X: -0.2}, Vel: board.Vec{X: 2}},
			{ID: "w1", Kind: board.White, Pos: board.Vec{X: 0, Y: rr + tt.clear}},
		}}
		r := simulate(t, p, s)
		touched := false
		for _, e := range r.Events {
			if e.Kind == physics.Contact {
				touched = true
			}
		}
		if touched != tt.touch {
			t.Errorf("clearance %v m: touched %v; want %v (events %v)", tt.clear, touched, tt.touch, r.Events)
		}
		if w := r.Final.Discs[1].Pos; tt.touch && w.Y <= rr+tt.clear {
			t.Errorf("clearance %v m: the coin ends at %v; want it nudged away (+y)", tt.clear, w)
		}
	}
}
