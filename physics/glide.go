package physics

import (
	"math"

	"github.com/carrom-game/carrom/board"
)

// After returns the motion dt seconds after m of a disc sliding with
// constant deceleration along its velocity until it stops: the closed
// form the simulator moves every disc by between events.
func (m Motion) After(dt float64) Motion {
	v := m.Vel.Len()
	if v == 0 {
		return Motion{Pos: m.Pos, Decel: m.Decel}
	}
	if dt <= 0 {
		return m
	}
	a := m.Decel
	u := m.Vel.Scale(1 / v)
	if stop := v / a; dt >= stop {
		return Motion{Pos: m.Pos.Add(u.Scale(float64(v*v) / float64(2*a))), Decel: a}
	}
	s := float64(v*dt) - float64(0.5*a*dt*dt)
	return Motion{Pos: m.Pos.Add(u.Scale(s)), Vel: u.Scale(v - float64(a*dt)), Decel: a}
}

// At returns the table at time t of a stroke that began as start and
// logged events, in closed form from the last event of each disc: what a
// renderer needs, without simulating again.
func (p Params) At(start State, events []Event, t float64) State {
	s := start.Clone()
	since := make([]float64, len(s.Discs))
	decel := make([]float64, len(s.Discs))
	for i, d := range s.Discs {
		decel[i] = p.Decel(d.Kind)
	}
	apply := func(i int, m Motion, at float64) {
		s.Discs[i].Pos, s.Discs[i].Vel = m.Pos, m.Vel
		decel[i], since[i] = m.Decel, at
	}
	for _, e := range events {
		if e.T > t {
			break
		}
		apply(e.I, e.A, e.T)
		switch e.Kind {
		case Contact:
			apply(e.J, e.B, e.T)
		case Fall:
			s.Discs[e.I].Pocketed, s.Discs[e.I].Pocket = true, board.Pocket(e.J)
		}
	}
	for i := range s.Discs {
		d := &s.Discs[i]
		if d.Pocketed {
			d.Vel = board.Vec{}
			continue
		}
		m := Motion{Pos: d.Pos, Vel: d.Vel, Decel: decel[i]}.After(math.Max(0, t-since[i]))
		d.Pos, d.Vel = m.Pos, m.Vel
	}
	return s
}
