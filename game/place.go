package game

import (
	"fmt"
	"math"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/rules"
)

// PlacingLegal checks a due or penalty c/m placed at at (RULES PL-1, PL-5):
// flat inside the outer circle, clear of the centre circle and of every
// piece, and not set up for a pair or cannon with the queen.
//
// Pair or cannon, geometrically: the c/m lies within one coin diameter of
// the queen (touching it: a cannon; with a gap: a pair) and the line from
// the c/m through the queen runs on into a pocket, passing within the
// pocket's radius of its centre, so that a stroke on the placed c/m would
// drive the queen in (RULES PL-5, I 97).
func (t Table) PlacingLegal(at board.Vec) error {
	if err := t.spec().PlacingLegal(at, t.pieces); err != nil {
		return err
	}
	if t.pairOrCannon(at) {
		return fmt.Errorf("game: placing at %v: %w", at, ErrPairCannon)
	}
	return nil
}

func (t Table) pairOrCannon(at board.Vec) bool {
	sp := t.spec()
	for _, q := range t.pieces {
		if q.Kind != board.Queen {
			continue
		}
		d := q.Pos.Sub(at)
		dist := d.Len()
		if dist > 2*(sp.CoinRadius()+sp.Radius(board.Queen)) {
			return false
		}
		u := d.Scale(1 / dist)
		for p := board.Pocket(0); p < board.Pockets; p++ {
			w := sp.PocketCentre(p).Sub(q.Pos)
			if w.Dot(u) > 0 && math.Abs(w.Cross(u)) <= sp.PocketRadius() {
				return true
			}
		}
	}
	return false
}

// CanPlace reports whether PlacingLegal allows at, without building its
// error: for searches over many spots.
func (t Table) CanPlace(at board.Vec) bool {
	return t.spec().CanPlace(at, t.pieces) && !t.pairOrCannon(at)
}

// roomStep is the grid on which the table looks for any legal place, m.
const roomStep = 0.002

// anyRoom reports whether a held c/m can be placed anywhere (RULES PL-4: if
// not, the placer keeps it until there is room).
func (t Table) anyRoom() bool {
	return t.CanPlace(t.firstLegalPlace())
}

// firstLegalPlace is the first legal place for a c/m in a fixed scan of
// the outer circle, where the umpire puts a c/m whose placer ran out of time.
func (t Table) firstLegalPlace() board.Vec {
	lim := t.spec().OuterRadius()
	for x := -lim; x <= lim; x += roomStep {
		for y := -lim; y <= lim; y += roomStep {
			if at := (board.Vec{X: x, Y: y}); t.CanPlace(at) {
				return at
			}
		}
	}
	return board.Vec{}
}

// PlaceHint is a legal place for the next held c/m, if there is one: what
// a client can offer its player, or the umpire use.
func (t Table) PlaceHint() (board.Vec, bool) {
	at := t.firstLegalPlace()
	return at, len(t.held) > 0 && t.CanPlace(at)
}

// place puts the first held c/m at at.
func (t *Table) place(at board.Vec) error {
	if err := t.PlacingLegal(at); err != nil {
		return err
	}
	h := t.held[0]
	piece, err := t.fromPocket(kindOf(h.Colour))
	if err != nil {
		return err
	}
	piece.Pos = at
	t.pieces = append(t.pieces, piece)
	t.held = t.held[1:]
	return nil
}

// forgo gives up placing the first held c/m: it stays in the pocket.
func (t *Table) forgo() (*rules.Ruling, error) {
	m, rul, err := t.match.Forgo(t.held[0].Colour)
	if err != nil {
		return nil, err
	}
	t.match = m
	t.held = t.held[1:]
	return &rul, nil
}

// StrikerRanges is where, along the base line of the seat to strike, the
// striker may be placed now: the equipment's ranges (RULES ST-1, ST-2) less
// every stretch where it would overlap a piece (RULES ST-3). Every end, as
// every place between, is one the stroke's check allows.
func (t Table) StrikerRanges() []board.Interval {
	sp := t.spec()
	pos := t.ToAct().Base
	rs := sp.StrikerRadius()
	centre, right := sp.BaselineCentre(pos), pos.Right()
	ranges := sp.StrikerRanges()
	for _, p := range t.pieces {
		// |centre + right·x − p|² < (rs+rp)² is a quadratic in x.
		d := centre.Sub(p.Pos)
		reach := rs + sp.Radius(p.Kind)
		b := right.Dot(d)
		disc := float64(b*b) - (d.Len2() - float64(reach*reach))
		if disc <= 0 {
			continue
		}
		root := math.Sqrt(disc)
		ranges = cut(ranges, -b-root, -b+root)
	}
	legal := ranges[:0]
	for _, r := range ranges {
		if r, ok := t.legalEnds(pos, r); ok {
			legal = append(legal, r)
		}
	}
	return legal
}

// legalEnds moves the ends of r inwards until the stroke's own check
// (board.Spec.StrikerLegal) allows them, if it does not: an end lies where
// the striker just touches a piece, a base circle or an arrow, which is
// legal or not as the rules say, and computed in floating point it can
// fall a hair on the wrong side. A client that puts the striker at an end,
// as the browser does at the one nearest the centre, must not be refused.
// ok is false if no place of r is left.
func (t Table) legalEnds(pos board.Base, r board.Interval) (board.Interval, bool) {
	sp := t.spec()
	inwards := func(x, towards float64) (float64, bool) {
		up, step := towards > x, 0.0
		for range maxNudges {
			if up && x > towards || !up && x < towards {
				return 0, false
			}
			if sp.CanStrikeFrom(pos, x, t.pieces) {
				return x, true
			}
			if step == 0 {
				step = math.Nextafter(x, towards) - x
			} else {
				step *= 2
			}
			x += step
		}
		return 0, false
	}
	lo, ok := inwards(r.Lo, r.Hi)
	if !ok {
		return r, false
	}
	hi, ok := inwards(r.Hi, lo)
	return board.Interval{Lo: lo, Hi: hi}, ok
}

// maxNudges bounds the doubling steps by which legalEnds moves an end: from
// one unit in the last place, 64 of them cross any range.
const maxNudges = 64

// cut removes the open interval (lo, hi) from ranges.
func cut(ranges []board.Interval, lo, hi float64) []board.Interval {
	var out []board.Interval
	for _, r := range ranges {
		if r.Lo <= lo {
			out = append(out, board.Interval{Lo: r.Lo, Hi: math.Min(r.Hi, lo)})
		}
		if r.Hi >= hi {
			out = append(out, board.Interval{Lo: math.Max(r.Lo, hi), Hi: r.Hi})
		}
	}
	return out
}

// minStrikerRoom is the least width of base line, m, that counts as a place
// for the striker: a single point between two pieces does not.
const minStrikerRoom = 1e-6

// voidIfBlocked replays the board when the seat to strike has nowhere to put
// the striker (RULES ST-3), and updates whether a held c/m has room.
func (t *Table) voidIfBlocked() bool {
	t.room = len(t.held) > 0 && t.anyRoom()
	if t.ToAct().Need != NeedStrike {
		return false
	}
	for _, r := range t.StrikerRanges() {
		if r.Hi-r.Lo > minStrikerRoom {
			return false
		}
	}
	m, _, err := t.match.Void("ST-3")
	if err != nil {
		return false
	}
	t.match = m
	t.setUp()
	return true
}
