package physics

import (
	"errors"
	"fmt"
	"math"

	"github.com/carrom-game/carrom/board"
)

// Disc is one piece on the table: at rest, moving, or fallen into a pocket.
type Disc struct {
	ID       string
	Kind     board.Kind
	Pos      board.Vec // m; for a pocketed disc, where its centre was when it fell
	Vel      board.Vec // m/s
	Pocketed bool
	Pocket   board.Pocket // which pocket, when Pocketed
}

// State is the table: every disc, in a fixed order that the event log's
// indices refer to.
type State struct {
	Discs []Disc
}

// Clone returns a copy of s that shares no memory with it.
func (s State) Clone() State {
	return State{Discs: append([]Disc(nil), s.Discs...)}
}

// Shot is one flick of the striker from the base lines of Base, in the
// shooter's frame: X along the base's midline from its centre, positive to
// the shooter's right; Dir with x to the shooter's right and y straight
// ahead (any length but zero; it is made a unit vector); Speed in m/s.
// Turning an angle into a direction is the caller's business, so that no
// trigonometry enters the simulation.
type Shot struct {
	Base  board.Base
	X     float64
	Dir   board.Vec
	Speed float64
}

// Errors of a shot or a state; the errors returned wrap them (or the
// board's striker-placement errors, RULES ST-1…ST-3).
var (
	ErrShot  = errors.New("bad shot")
	ErrState = errors.New("bad state")
)

// Overlap is the tolerance, m, of every geometric check: two discs closer
// than the sum of their radii by more than this overlap, and a disc whose
// centre is further out than this beyond its frame line is off the surface.
const Overlap = 1e-9

// Place puts the striker for sh on a table holding pieces at rest: the
// discs are the pieces in their order, then the striker "s" moving.
// An illegal striker position is an error wrapping board.ErrOffBaseline,
// board.ErrBaseCircle, board.ErrArrow or board.ErrOverlap (RULES ST-1…ST-3).
func Place(p Params, pieces []board.Piece, sh Shot) (State, error) {
	s := State{Discs: make([]Disc, 0, len(pieces)+1)}
	return place(p, pieces, sh, s)
}

func place(p Params, pieces []board.Piece, sh Shot, s State) (State, error) {
	if err := p.Spec.StrikerLegal(sh.Base, sh.X, pieces); err != nil {
		return State{}, err
	}
	if !finite(sh.Dir.X) || !finite(sh.Dir.Y) || (sh.Dir.X == 0 && sh.Dir.Y == 0) {
		return State{}, fmt.Errorf("physics: shot direction %v: %w", sh.Dir, ErrShot)
	}
	if !(sh.Speed >= 0 && sh.Speed <= p.MaxSpeed) {
		return State{}, fmt.Errorf("physics: shot speed %v m/s, want 0..%v: %w", sh.Speed, p.MaxSpeed, ErrShot)
	}
	u := sh.Dir.Unit()
	// A vector so small or large that its squared length under- or
	// overflows has no unit vector here (record.Dir rescales it first).
	if !finite(u.X) || !finite(u.Y) || math.Abs(u.Len2()-1) > 1e-12 {
		return State{}, fmt.Errorf("physics: shot direction %v: no unit vector in float64: %w", sh.Dir, ErrShot)
	}
	// Right and Forward are axis vectors, so this turn to board
	// coordinates is exact.
	dir := sh.Base.Right().Scale(u.X).Add(sh.Base.Forward().Scale(u.Y))
	s.Discs = s.Discs[:0]
	for _, pc := range pieces {
		if pc.Kind == board.Striker {
			return State{}, fmt.Errorf("physics: piece %q is a striker; the shot places the striker: %w", pc.ID, ErrState)
		}
		s.Discs = append(s.Discs, Disc{ID: pc.ID, Kind: pc.Kind, Pos: pc.Pos})
	}
	s.Discs = append(s.Discs, Disc{ID: "s", Kind: board.Striker, Pos: p.Spec.StrikerAt(sh.Base, sh.X), Vel: dir.Scale(sh.Speed)})
	return s, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Check reports the first reason s cannot be simulated: a position or
// velocity that is not finite, a disc moving at more than ten times
// MaxSpeed, an unknown kind or pocket, an empty or repeated ID, a disc off
// the surface or over a pocket, or two discs overlapping by more than
// Overlap.
func (p Params) Check(s State) error {
	lim := p.Spec.Half()
	var pockets [board.Pockets]board.Vec
	for k := range pockets {
		pockets[k] = p.Spec.PocketCentre(board.Pocket(k))
	}
	rc2 := float64(p.CaptureRadius * p.CaptureRadius)
	for i, d := range s.Discs {
		if d.ID == "" {
			return fmt.Errorf("physics: disc %d has no id: %w", i, ErrState)
		}
		for _, e := range s.Discs[:i] {
			if e.ID == d.ID {
				return fmt.Errorf("physics: id %q twice: %w", d.ID, ErrState)
			}
		}
		if d.Kind < board.White || d.Kind > board.Striker {
			return fmt.Errorf("physics: %s: kind %v: %w", d.ID, d.Kind, ErrState)
		}
		if d.Pocketed {
			if d.Pocket < 0 || d.Pocket >= board.Pockets {
				return fmt.Errorf("physics: %s: pocket %d: %w", d.ID, d.Pocket, ErrState)
			}
			continue
		}
		if !finite(d.Pos.X) || !finite(d.Pos.Y) || !finite(d.Vel.X) || !finite(d.Vel.Y) {
			return fmt.Errorf("physics: %s at %v moving %v: not finite: %w", d.ID, d.Pos, d.Vel, ErrState)
		}
		if v, vmax := d.Vel.Len2(), float64(10*p.MaxSpeed); v > float64(vmax*vmax) {
			return fmt.Errorf("physics: %s moving at %.4g m/s, far beyond the maximum %v: %w", d.ID, d.Vel.Len(), p.MaxSpeed, ErrState)
		}
		r := p.Spec.Radius(d.Kind)
		if l := lim - r + Overlap; math.Abs(d.Pos.X) > l || math.Abs(d.Pos.Y) > l {
			return fmt.Errorf("physics: %s at %v: off the playing surface: %w", d.ID, d.Pos, ErrState)
		}
		for k, pc := range pockets {
			if d.Pos.Sub(pc).Len2() < rc2 {
				return fmt.Errorf("physics: %s at %v: over pocket %d: %w", d.ID, d.Pos, k, ErrState)
			}
		}
		for _, e := range s.Discs[:i] {
			if e.Pocketed {
				continue
			}
			if m := r + p.Spec.Radius(e.Kind) - Overlap; d.Pos.Sub(e.Pos).Len2() < float64(m*m) {
				return fmt.Errorf("physics: %s at %v overlaps %s at %v: %w", d.ID, d.Pos, e.ID, e.Pos, ErrState)
			}
		}
	}
	return nil
}

// Energy is the kinetic energy of the discs on the table, J.
func (p Params) Energy(s State) float64 {
	var e float64
	for _, d := range s.Discs {
		if !d.Pocketed {
			e += float64(float64(0.5*p.Spec.Mass(d.Kind)) * d.Vel.Len2())
		}
	}
	return e
}
