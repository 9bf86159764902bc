package physics

import (
	"fmt"

	"github.com/carrom-game/carrom/board"
)

// EventKind is what happened. Every kind of event is listed here. The order
// of the constants is the tie-break between events at the same instant:
// a disc that falls is gone before it could touch anything else, and a disc
// stops only after whatever else happens to it at that instant.
type EventKind int

const (
	// Fall: disc I fell into pocket J (a board.Pocket); on the wire, "pocket".
	Fall EventKind = iota
	// Cushion: disc I bounced off frame edge J (an Edge).
	Cushion
	// Contact: discs I and J (I < J) touched; both may have changed course.
	// A grazing touch that exchanges no impulse is still a contact (RULES B-2:
	// the break is made once the striker touches a c/m, however slightly).
	Contact
	// Stop: disc I came to rest.
	Stop
)

var eventNames = [...]string{"pocket", "cushion", "contact", "stop"}

func (k EventKind) String() string {
	if k < 0 || int(k) >= len(eventNames) {
		return fmt.Sprintf("EventKind(%d)", int(k))
	}
	return eventNames[k]
}

// Edge is one of the four frame edges (cushions), numbered like the seats:
// edge k is the frame behind seat k's base lines.
type Edge int

// The frame edges.
const (
	Bottom Edge = iota // y = -Half
	Right              // x = +Half
	Top                // y = +Half
	Left               // x = -Half
)

// Motion is where a disc is, how fast it goes and how fast it slows at one
// instant. From it the disc's whole path until its next event follows in
// closed form: see Motion.After.
type Motion struct {
	Pos, Vel board.Vec
	Decel    float64 // m/s², along -Vel: Params.Decel of the disc's kind, or the shared value of discs pushed together
}

// Event is one entry of the log. A carries disc I's position and velocity
// just after the event, B disc J's for a contact, so a renderer can place
// every disc at any instant without simulating: see Params.At.
type Event struct {
	T    float64 // s since the stroke began
	Kind EventKind
	I    int // index of the disc in the State
	J    int // the other disc (Contact), the Edge (Cushion), the board.Pocket (Pocket); -1 for Stop
	A, B Motion
}

func (e Event) String() string {
	return fmt.Sprintf("%.9f %v %d %d", e.T, e.Kind, e.I, e.J)
}

// cand is a predicted event: the fields of the total order between
// simultaneous events (time, kind, i, j).
type cand struct {
	t    float64
	kind EventKind
	i, j int
}

// before reports whether a comes before b in the total order.
func (a cand) before(b cand) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	if a.kind != b.kind {
		return a.kind < b.kind
	}
	if a.i != b.i {
		return a.i < b.i
	}
	return a.j < b.j
}
