package physics

import (
	"math"

	"github.com/carrom-game/carrom/board"
)

// Result is a simulated stroke.
type Result struct {
	Events []Event // in time order, ties in the total order (time, kind, i, j)
	Final  State   // every disc at rest or pocketed
	Time   float64 // s, when the last disc stopped or fell
	Capped bool    // Params.MaxEvents was reached and the moving discs were stopped
}

// Clone returns a copy of r that shares no memory with it or with the
// Simulator that made it.
func (r Result) Clone() Result {
	r.Events = append([]Event(nil), r.Events...)
	r.Final = r.Final.Clone()
	return r
}

// Simulator runs strokes one after another, reusing its buffers, so that a
// stroke allocates nothing once the buffers have grown to fit. A Result it
// returns shares those buffers and is valid until the next call;
// Result.Clone what must outlive it. A Simulator is not safe for concurrent use: give
// each goroutine its own.
type Simulator struct {
	p     Params
	n     int
	d     []disc
	pair  []float64 // pair[i*n+k]: predicted contact time of discs i and k, or +Inf
	own   []cand    // each disc's next cushion, pocket or stop
	best  []cand    // each disc's earliest event, own or contact
	now   float64
	log   []Event
	out   []Disc
	setup []Disc
	pc    [board.Pockets]board.Vec
}

var inf = math.Inf(1)

var never = cand{t: inf}

// NewSimulator returns a simulator for p.
func NewSimulator(p Params) (*Simulator, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	s := &Simulator{p: p}
	for k := board.Pocket(0); k < board.Pockets; k++ {
		s.pc[k] = p.Spec.PocketCentre(k)
	}
	return s, nil
}

// Params returns the simulator's parameters.
func (s *Simulator) Params() Params { return s.p }

// Simulate runs st, taken as it is at time 0, until every disc has stopped
// or fallen.
func Simulate(p Params, st State) (Result, error) {
	s, err := NewSimulator(p)
	if err != nil {
		return Result{}, err
	}
	return s.Simulate(st)
}

// Stroke places the striker for sh among pieces at rest (see Place) and
// simulates the stroke.
func (s *Simulator) Stroke(pieces []board.Piece, sh Shot) (Result, error) {
	st, err := place(s.p, pieces, sh, State{Discs: s.setup})
	if err != nil {
		return Result{}, err
	}
	s.setup = st.Discs
	return s.Simulate(st)
}

// Simulate runs st until every disc has stopped or fallen. st is not
// modified.
func (s *Simulator) Simulate(st State) (Result, error) {
	if err := s.p.Check(st); err != nil {
		return Result{}, err
	}
	s.load(st)
	capped := false
	// The one loop: take the next event, move the clock to it (every
	// disc's path is closed form in time, so this moves them all), resolve
	// it, append it to the log.
	for {
		c := s.next()
		if c.t == inf {
			break
		}
		if len(s.log) >= s.p.MaxEvents {
			s.halt()
			capped = true
			break
		}
		s.now = c.t
		s.log = append(s.log, s.resolve(c))
	}
	return s.result(capped), nil
}

// next is the earliest predicted event of all.
func (s *Simulator) next() cand {
	b := never
	for i := range s.best {
		if s.best[i].before(b) {
			b = s.best[i]
		}
	}
	return b
}

func (s *Simulator) load(st State) {
	n := len(st.Discs)
	s.n = n
	if cap(s.d) < n {
		s.d = make([]disc, n)
		s.own = make([]cand, n)
		s.best = make([]cand, n)
		s.out = make([]Disc, n)
	}
	if cap(s.pair) < n*n {
		s.pair = make([]float64, n*n)
	}
	s.d, s.own, s.best, s.out, s.pair = s.d[:n], s.own[:n], s.best[:n], s.out[:n], s.pair[:n*n]
	s.log = s.log[:0]
	s.now = 0
	copy(s.out, st.Discs)
	for i, in := range st.Discs {
		d := &s.d[i]
		a := s.p.Decel(in.Kind)
		r := s.p.Spec.Radius(in.Kind)
		*d = disc{base: a, r: r, m: s.p.Spec.Mass(in.Kind), kind: in.Kind,
			lim: s.p.Spec.Half() - r, lastHit: math.Inf(-1), alive: !in.Pocketed}
		d.set(0, in.Pos.X, in.Pos.Y, in.Vel.X, in.Vel.Y, a)
	}
	for i := range s.pair {
		s.pair[i] = inf
	}
	for i := range s.d {
		if !s.d[i].alive {
			s.own[i] = never
			continue
		}
		s.own[i] = s.predictOwn(i)
		for k := i + 1; k < n; k++ {
			// Two discs at rest never meet: most pairs of a mid-game table.
			if s.d[k].alive && (s.d[i].tStop > 0 || s.d[k].tStop > 0) {
				t := s.predictPair(i, k, false)
				s.pair[i*n+k], s.pair[k*n+i] = t, t
			}
		}
	}
	for i := range s.d {
		s.rescan(i)
	}
}

// resolve applies event c at the current time and returns its log entry.
func (s *Simulator) resolve(c cand) Event {
	i := c.i
	d := &s.d[i]
	x, y, vx, vy := d.at(s.now)
	switch c.kind {
	case Fall:
		d.alive = false
		d.set(s.now, x, y, 0, 0, d.base)
		s.out[i].Pocketed, s.out[i].Pocket = true, board.Pocket(c.j)
		s.own[i], s.best[i] = never, never
		n := s.n
		for k := 0; k < n; k++ {
			if s.pair[i*n+k] != inf {
				s.pair[i*n+k], s.pair[k*n+i] = inf, inf
				if s.best[k].kind == Contact && (s.best[k].i == i || s.best[k].j == i) {
					s.rescan(k)
				}
			}
		}
		return Event{T: s.now, Kind: Fall, I: i, J: c.j, A: Motion{Pos: board.Vec{X: x, Y: y}}}
	case Cushion:
		e := s.dwell(d, s.p.ECushion)
		d.lastHit = s.now
		switch Edge(c.j) {
		case Right:
			x, vx = min(x, d.lim), -math.Abs(float64(e*vx))
		case Left:
			x, vx = max(x, -d.lim), math.Abs(float64(e*vx))
		case Top:
			y, vy = min(y, d.lim), -math.Abs(float64(e*vy))
		case Bottom:
			y, vy = max(y, -d.lim), math.Abs(float64(e*vy))
		}
		d.set(s.now, x, y, vx, vy, d.base)
		s.changed(i, -1)
		return Event{T: s.now, Kind: Cushion, I: i, J: c.j, A: d.motion()}
	case Contact:
		j := c.j
		o := &s.d[j]
		xj, yj, vxj, vyj := o.at(s.now)
		nx, ny := xj-x, yj-y
		n2 := float64(nx*nx) + float64(ny*ny)
		dot := float64((vxj-vx)*nx) + float64((vyj-vy)*ny)
		approach := dot < 0 && float64(dot*dot) > float64(float64(RestSpeed*RestSpeed)*n2)
		e := s.dwell(o, s.dwell(d, s.p.Restitution(d.kind, o.kind)))
		if approach {
			// k·n is the change of the relative velocity; the masses share
			// it so that momentum is conserved.
			k := float64(-(1+e)*dot) / n2
			mt := d.m + o.m
			ki, kj := float64(k*o.m)/mt, float64(k*d.m)/mt
			d.set(s.now, x, y, vx-float64(ki*nx), vy-float64(ki*ny), d.base)
			o.set(s.now, xj, yj, vxj+float64(kj*nx), vyj+float64(kj*ny), o.base)
			d.lastHit, o.lastHit = s.now, s.now
		}
		// pull·|n| is the relative acceleration along the normal that
		// friction gives the two on their new paths: below zero it presses
		// them together.
		pull := float64((float64(d.a*d.ux)-float64(o.a*o.ux))*nx) + float64((float64(d.a*d.uy)-float64(o.a*o.uy))*ny)
		slow := !approach || float64(float64(2*e)*-dot) < float64(s.p.Dwell*-pull) ||
			float64(float64(e*dot)*float64(e*dot)) < float64(float64(RestSpeed*RestSpeed)*n2)
		if pull < 0 && slow {
			// Pressed together and so slow to part that they would meet
			// again within an impact's duration, or not part at all: one
			// pushes the other. They go on as one body, with their common
			// velocity and the deceleration of their combined friction,
			// which conserves momentum and loses energy.
			mt := d.m + o.m
			cx := (float64(d.m*vx) + float64(o.m*vxj)) / mt
			cy := (float64(d.m*vy) + float64(o.m*vyj)) / mt
			a := (float64(d.m*d.base) + float64(o.m*o.base)) / mt
			d.set(s.now, x, y, cx, cy, a)
			o.set(s.now, xj, yj, cx, cy, a)
			d.lastHit, o.lastHit = s.now, s.now
			s.changed(i, j)
		} else if approach {
			s.changed(i, j)
		} else {
			// A touch without impulse: nothing moves differently, but the
			// pair must part before it can meet again.
			t := s.predictPair(i, j, true)
			s.pair[i*s.n+j], s.pair[j*s.n+i] = t, t
			s.rescan(i)
			s.rescan(j)
			return Event{T: s.now, Kind: Contact, I: i, J: j,
				A: Motion{Pos: board.Vec{X: x, Y: y}, Vel: board.Vec{X: vx, Y: vy}, Decel: d.a},
				B: Motion{Pos: board.Vec{X: xj, Y: yj}, Vel: board.Vec{X: vxj, Y: vyj}, Decel: o.a}}
		}
		return Event{T: s.now, Kind: Contact, I: i, J: j, A: d.motion(), B: o.motion()}
	default: // Stop
		d.set(s.now, d.sx, d.sy, 0, 0, d.base)
		s.own[i] = never
		s.rescan(i)
		return Event{T: s.now, Kind: Stop, I: i, J: -1, A: d.motion()}
	}
}

// dwell is the restitution e for a collision of d, or 1 (elastic) when d
// collided less than Params.Dwell ago.
func (s *Simulator) dwell(d *disc, e float64) float64 {
	if s.now-d.lastHit < s.p.Dwell {
		return 1
	}
	return e
}

// changed re-predicts everything that involves disc i (and j, if j ≥ 0),
// whose motion has just changed; every other prediction still holds.
func (s *Simulator) changed(i, j int) {
	s.own[i] = s.predictOwn(i)
	if j >= 0 {
		s.own[j] = s.predictOwn(j)
	}
	for _, a := range [2]int{i, j} {
		if a < 0 {
			continue
		}
		for k := 0; k < s.n; k++ {
			if k == i || (a == j && k == j) || !s.d[k].alive {
				continue
			}
			t := inf
			if s.d[a].meets(&s.d[k]) {
				t = s.predictPair(a, k, a == i && k == j)
			}
			s.setPair(a, k, t, i, j)
		}
	}
	s.rescan(i)
	if j >= 0 {
		s.rescan(j)
	}
}

// setPair records the predicted contact time t of discs a and k and keeps
// k's earliest event up to date, unless k is one of the changed discs i, j,
// which are rescanned afterwards.
func (s *Simulator) setPair(a, k int, t float64, i, j int) {
	n := s.n
	old := s.pair[a*n+k]
	s.pair[a*n+k], s.pair[k*n+a] = t, t
	if k == i || k == j || (old == inf && t == inf) {
		return
	}
	c := cand{t: t, kind: Contact, i: min(a, k), j: max(a, k)}
	b := s.best[k]
	switch {
	case b.kind == Contact && b.i == c.i && b.j == c.j:
		if c.t <= b.t {
			s.best[k] = c
		} else {
			s.rescan(k)
		}
	case c.before(b):
		s.best[k] = c
	}
}

// rescan recomputes disc k's earliest event from its own and its pairs'.
func (s *Simulator) rescan(k int) {
	b := s.own[k]
	row := s.pair[k*s.n : (k+1)*s.n]
	for m, t := range row {
		if t <= b.t && m != k {
			c := cand{t: t, kind: Contact, i: min(k, m), j: max(k, m)}
			if c.before(b) {
				b = c
			}
		}
	}
	s.best[k] = b
}

// halt stops every moving disc where it is: the fallback at the event cap.
func (s *Simulator) halt() {
	for i := range s.d {
		d := &s.d[i]
		if !d.alive || d.tStop <= s.now {
			continue
		}
		x, y, _, _ := d.at(s.now)
		d.set(s.now, x, y, 0, 0, d.base)
		s.log = append(s.log, Event{T: s.now, Kind: Stop, I: i, J: -1, A: d.motion()})
	}
}

func (s *Simulator) result(capped bool) Result {
	for i := range s.d {
		d := &s.d[i]
		x, y, _, _ := d.at(inf)
		s.out[i].Pos = board.Vec{X: x, Y: y}
		s.out[i].Vel = board.Vec{}
	}
	r := Result{Events: s.log, Final: State{Discs: s.out}, Capped: capped}
	if len(s.log) > 0 {
		r.Time = s.log[len(s.log)-1].T
	}
	return r
}
