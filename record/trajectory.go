package record

import (
	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// Trajectory is a stroke as a renderer needs it: the discs at the start
// and every event with the motion after it of the discs it changed. Between
// events a disc slides in a straight line, slowing at Decel until it stops:
// pos(t) = pos + vel·τ − ½·decel·τ²·vel/|vel| for τ up to |vel|/decel.
type Trajectory struct {
	Start  []Disc  `json:"start"`
	Events []Event `json:"events"`
	Time   float64 `json:"time"`
}

// Disc is a piece at the start of a stroke.
type Disc struct {
	ID    string  `json:"id"`
	Kind  string  `json:"kind"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	VX    float64 `json:"vx"`
	VY    float64 `json:"vy"`
	Decel float64 `json:"decel"`
}

// Event is one entry of the log: I and J are indices into Start; J is the
// frame edge of a cushion, the pocket of a pocket, -1 for a stop.
type Event struct {
	T    float64 `json:"t"`
	Kind string  `json:"kind"`
	I    int     `json:"i"`
	J    int     `json:"j"`
	A    Motion  `json:"a"`
	B    *Motion `json:"b,omitempty"`
}

// Motion is a disc's state just after an event.
type Motion struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	VX    float64 `json:"vx"`
	VY    float64 `json:"vy"`
	Decel float64 `json:"decel"`
}

func motion(m physics.Motion) Motion {
	return Motion{X: m.Pos.X, Y: m.Pos.Y, VX: m.Vel.X, VY: m.Vel.Y, Decel: m.Decel}
}

// FromStroke is the trajectory of a stroke that began as start.
func FromStroke(p physics.Params, start physics.State, res physics.Result) Trajectory {
	out := Trajectory{Start: make([]Disc, len(start.Discs)), Events: make([]Event, len(res.Events)), Time: res.Time}
	for i, d := range start.Discs {
		decel := 0.0
		if d.Vel != (board.Vec{}) {
			decel = p.Decel(d.Kind)
		}
		out.Start[i] = Disc{ID: d.ID, Kind: d.Kind.String(), X: d.Pos.X, Y: d.Pos.Y, VX: d.Vel.X, VY: d.Vel.Y, Decel: decel}
	}
	for i, e := range res.Events {
		ev := Event{T: e.T, Kind: e.Kind.String(), I: e.I, J: e.J, A: motion(e.A)}
		if e.Kind == physics.Contact {
			b := motion(e.B)
			ev.B = &b
		}
		out.Events[i] = ev
	}
	return out
}
