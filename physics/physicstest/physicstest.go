// Package physicstest checks simulated strokes against the invariants of
// the physics. The corpus of mid-game strokes that tests and benchmarks
// share is in internal/physicsbench.
package physicstest

import (
	"fmt"
	"math"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// Check replays r from start and reports the first broken invariant:
// event times go back; after an event, or at any moment sampled between
// events, two discs overlap by more than physics.Overlap; a disc is off
// the surface; the kinetic energy rises; a contact does not conserve
// momentum; the stroke does not end with every disc at rest or pocketed
// where the log says.
func Check(p physics.Params, start physics.State, r physics.Result) error {
	n := len(start.Discs)
	cur := start.Clone()
	since := make([]float64, n)
	decel := make([]float64, n)
	for i, d := range cur.Discs {
		decel[i] = p.Decel(d.Kind)
	}
	if len(r.Events) > p.MaxEvents+n {
		return fmt.Errorf("%d events, cap %d", len(r.Events), p.MaxEvents)
	}
	glide := func(t float64) {
		for i := range cur.Discs {
			d := &cur.Discs[i]
			if d.Pocketed {
				continue
			}
			m := physics.Motion{Pos: d.Pos, Vel: d.Vel, Decel: decel[i]}.After(t - since[i])
			d.Pos, d.Vel = m.Pos, m.Vel
			since[i] = t
		}
	}
	energy := p.Energy(cur)
	last, last0 := 0.0, 0.0
	for k, e := range r.Events {
		if !(e.T >= last) {
			return fmt.Errorf("event %d (%v) at %v, before the previous one at %v", k, e, e.T, last)
		}
		last = e.T
		if e.I < 0 || e.I >= n || (e.Kind == physics.Contact && (e.J <= e.I || e.J >= n)) {
			return fmt.Errorf("event %d (%v): no such disc", k, e)
		}
		if err := between(p, cur, since, decel, last0, e.T); err != nil {
			return fmt.Errorf("before event %d (%v): %w", k, e, err)
		}
		last0 = e.T
		glide(e.T)
		if before := p.Energy(cur); before > energy+tol(energy) {
			return fmt.Errorf("event %d (%v): energy rose from %v to %v while sliding", k, e, energy, before)
		}
		before := p.Energy(cur)
		if cur.Discs[e.I].Pocketed {
			return fmt.Errorf("event %d (%v): disc %s is already pocketed", k, e, cur.Discs[e.I].ID)
		}
		var mom board.Vec
		if e.Kind == physics.Contact {
			di, dj := cur.Discs[e.I], cur.Discs[e.J]
			mom = di.Vel.Scale(p.Spec.Mass(di.Kind)).Add(dj.Vel.Scale(p.Spec.Mass(dj.Kind)))
			if g := di.Pos.Dist(dj.Pos) - p.Spec.Radius(di.Kind) - p.Spec.Radius(dj.Kind); math.Abs(g) > 1e-9 {
				return fmt.Errorf("event %d (%v): contact with a gap of %v m", k, e, g)
			}
		}
		set := func(i int, m physics.Motion) error {
			if d := m.Pos.Dist(cur.Discs[i].Pos); d > 1e-9 {
				return fmt.Errorf("event %d (%v): disc %s jumps %v m", k, e, cur.Discs[i].ID, d)
			}
			if m.Vel != (board.Vec{}) && !(m.Decel > 0) {
				return fmt.Errorf("event %d (%v): disc %s moves with deceleration %v", k, e, cur.Discs[i].ID, m.Decel)
			}
			cur.Discs[i].Pos, cur.Discs[i].Vel, decel[i] = m.Pos, m.Vel, m.Decel
			return nil
		}
		if err := set(e.I, e.A); err != nil {
			return err
		}
		switch e.Kind {
		case physics.Contact:
			if err := set(e.J, e.B); err != nil {
				return err
			}
			di, dj := cur.Discs[e.I], cur.Discs[e.J]
			after := di.Vel.Scale(p.Spec.Mass(di.Kind)).Add(dj.Vel.Scale(p.Spec.Mass(dj.Kind)))
			// A disc left slower than RestSpeed stops, which may take that
			// much momentum with it.
			slack := (p.Spec.Mass(di.Kind) + p.Spec.Mass(dj.Kind)) * physics.RestSpeed
			if d := after.Sub(mom).Len(); d > slack+1e-9*mom.Len() {
				return fmt.Errorf("event %d (%v): momentum %v before, %v after", k, e, mom, after)
			}
		case physics.Fall:
			if e.J < 0 || e.J >= board.Pockets {
				return fmt.Errorf("event %d (%v): no such pocket", k, e)
			}
			if d := e.A.Pos.Dist(p.Spec.PocketCentre(board.Pocket(e.J))); d > p.CaptureRadius+1e-9 {
				return fmt.Errorf("event %d (%v): falls %v m from the pocket's centre", k, e, d)
			}
			cur.Discs[e.I].Pocketed, cur.Discs[e.I].Pocket = true, board.Pocket(e.J)
			cur.Discs[e.I].Vel = board.Vec{}
		case physics.Stop:
			if e.A.Vel != (board.Vec{}) {
				return fmt.Errorf("event %d (%v): stopped disc moves at %v", k, e, e.A.Vel)
			}
		}
		energy = p.Energy(cur)
		if energy > before+tol(before) {
			return fmt.Errorf("event %d (%v): energy rose from %v to %v", k, e, before, energy)
		}
		if err := onTable(p, cur); err != nil {
			return fmt.Errorf("after event %d (%v): %w", k, e, err)
		}
	}
	if err := between(p, cur, since, decel, last0, last+10); err != nil {
		return fmt.Errorf("after the last event: %w", err)
	}
	glide(math.Inf(1))
	if r.Time != last {
		return fmt.Errorf("time %v, last event at %v", r.Time, last)
	}
	if len(r.Final.Discs) != n {
		return fmt.Errorf("%d discs at the end, %d at the start", len(r.Final.Discs), n)
	}
	for i, d := range r.Final.Discs {
		c := cur.Discs[i]
		if d.ID != c.ID || d.Kind != c.Kind || d.Pocketed != c.Pocketed || d.Pocket != c.Pocket {
			return fmt.Errorf("final disc %d is %+v, the log gives %+v", i, d, c)
		}
		if d.Vel != (board.Vec{}) {
			return fmt.Errorf("final disc %s still moves at %v", d.ID, d.Vel)
		}
		if c.Vel != (board.Vec{}) && !r.Capped {
			return fmt.Errorf("disc %s moves at %v after its last event", d.ID, c.Vel)
		}
		if dist := d.Pos.Dist(c.Pos); !c.Pocketed && dist > 1e-9 {
			return fmt.Errorf("final disc %s at %v, the log gives %v", d.ID, d.Pos, c.Pos)
		}
	}
	return onTable(p, r.Final)
}

func tol(e float64) float64 { return 1e-12*e + 1e-15 }

// sampleStep, s, is how often between events Check looks for discs that
// pass through each other unseen: two discs at a relative 10 m/s overlap
// for several steps even if they only half cross.
const sampleStep = 5e-4

// between samples the table from t0 to t1, both exclusive, and reports two
// discs overlapping by more than physics.Overlap: a contact the simulator
// missed.
func between(p physics.Params, cur physics.State, since, decel []float64, t0, t1 float64) error {
	pos := make([]board.Vec, len(cur.Discs))
	for t := t0 + sampleStep; t < t1; t += sampleStep {
		moving := false
		for i, d := range cur.Discs {
			pos[i] = d.Pos
			if !d.Pocketed && d.Vel != (board.Vec{}) {
				m := physics.Motion{Pos: d.Pos, Vel: d.Vel, Decel: decel[i]}.After(t - since[i])
				pos[i], moving = m.Pos, moving || m.Vel != (board.Vec{})
			}
		}
		for i, d := range cur.Discs {
			for j, e := range cur.Discs[:i] {
				if d.Pocketed || e.Pocketed {
					continue
				}
				if g := pos[i].Dist(pos[j]) - p.Spec.Radius(d.Kind) - p.Spec.Radius(e.Kind); g < -physics.Overlap {
					return fmt.Errorf("at %.6f s discs %s at %v and %s at %v overlap by %v m", t, e.ID, pos[j], d.ID, pos[i], -g)
				}
			}
		}
		if !moving {
			return nil
		}
	}
	return nil
}

// onTable reports a disc off the surface or two discs overlapping.
func onTable(p physics.Params, s physics.State) error {
	for i, d := range s.Discs {
		if d.Pocketed {
			continue
		}
		l := p.Spec.Half() - p.Spec.Radius(d.Kind) + physics.Overlap
		if math.Abs(d.Pos.X) > l || math.Abs(d.Pos.Y) > l {
			return fmt.Errorf("disc %s at %v is off the surface", d.ID, d.Pos)
		}
		for _, e := range s.Discs[:i] {
			if e.Pocketed {
				continue
			}
			if g := d.Pos.Dist(e.Pos) - p.Spec.Radius(d.Kind) - p.Spec.Radius(e.Kind); g < -physics.Overlap {
				return fmt.Errorf("discs %s at %v and %s at %v overlap by %v m", e.ID, e.Pos, d.ID, d.Pos, -g)
			}
		}
	}
	return nil
}
