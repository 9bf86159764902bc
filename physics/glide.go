package physics

import (
	"math"

	"github.com/carrom-game/carrom/board"
)

// Glide returns the motion of a disc dt seconds after m, sliding with
// constant deceleration decel (Params.Decel) along its velocity until it
// stops: the closed form the simulator moves every disc by between events.
func Glide(m Motion, decel, dt float64) Motion {
	v := m.Vel.Len()
	if v == 0 || dt <= 0 {
		return m
	}
	u := m.Vel.Scale(1 / v)
	if stop := v / decel; dt >= stop {
		return Motion{Pos: m.Pos.Add(u.Scale(float64(v*v) / float64(2*decel)))}
	}
	s := float64(v*dt) - float64(0.5*decel*dt*dt)
	return Motion{Pos: m.Pos.Add(u.Scale(s)), Vel: u.Scale(v - float64(decel*dt))}
}

// At returns the table at time t of a stroke that began as start and
// logged events, in closed form from the last event of each disc: what a
// renderer needs, without simulating again.
func (p Params) At(start State, events []Event, t float64) State {
	s := start.Clone()
	since := make([]float64, len(s.Discs))
	apply := func(i int, m Motion, at float64) {
		s.Discs[i].Pos, s.Discs[i].Vel = m.Pos, m.Vel
		since[i] = at
	}
	for _, e := range events {
		if e.T > t {
			break
		}
		apply(e.I, e.A, e.T)
		switch e.Kind {
		case Contact:
			apply(e.J, e.B, e.T)
		case Pocket:
			s.Discs[e.I].Pocketed, s.Discs[e.I].Pocket = true, board.Pocket(e.J)
		}
	}
	for i := range s.Discs {
		d := &s.Discs[i]
		if d.Pocketed {
			d.Vel = board.Vec{}
			continue
		}
		m := Glide(Motion{Pos: d.Pos, Vel: d.Vel}, p.Decel(d.Kind), math.Max(0, t-since[i]))
		d.Pos, d.Vel = m.Pos, m.Vel
	}
	return s
}
