package board

import (
	"errors"
	"fmt"
	"math"
)

// Errors of striker placement (RULES ST-1…ST-3) and of placing a c/m
// (RULES PL-1, PL-5). Each returned error wraps one of these.
var (
	ErrOffBaseline     = errors.New("striker not on the base lines")
	ErrBaseCircle      = errors.New("striker partly covers a base circle")
	ErrArrow           = errors.New("striker touches an arrow")
	ErrOverlap         = errors.New("overlaps a piece")
	ErrOutsideOuter    = errors.New("not inside the outer circle")
	ErrTouchesCentre   = errors.New("touches the centre circle")
	ErrTouchesPiece    = errors.New("touches a piece")
	ErrBase            = errors.New("no such base")
	ErrNotFinite       = errors.New("position is not a finite number")
	ErrNoStrikerPlaces = errors.New("no legal striker position on the base line")
)

// Interval is a closed range [Lo, Hi] of positions along a base line.
type Interval struct{ Lo, Hi float64 }

// StrikerRanges returns where, along a base's midline, the striker's centre
// may be placed on an empty board (RULES ST-1, ST-2): between the base
// circles clear of both, or covering one of them completely, never touching
// an arrow. The same ranges hold for every base. Positions that touch a
// base circle exactly from outside, or an arrow exactly, are illegal, so the
// ends of the ranges that lie there are not themselves legal. Ranges come
// left to right.
func (sp Spec) StrikerRanges() []Interval {
	rs, rc := sp.StrikerRadius(), sp.BaseCircleRadius()
	o := sp.BaseCircleOffset()
	// The arrow runs along the diagonal |x| = Midline from the striker's
	// line; its distance from the striker's centre is (Midline-|x|)/√2.
	arrowLimit := sp.Midline() - float64(rs*math.Sqrt2)
	clear := o - (rs + rc)
	c := math.Min(clear, arrowLimit)
	centre := Interval{-c, c}
	hi := math.Min(o+(rs-rc), arrowLimit)
	lo := o - (rs - rc)
	if rs < rc || lo > hi {
		return []Interval{centre}
	}
	return []Interval{{-hi, -lo}, centre, {lo, hi}}
}

// StrikerLegal checks the striker's centre at x along base s's midline
// against the equipment (RULES ST-1, ST-2) and the pieces on the board
// (RULES ST-3: it must not overlap any piece; touching is allowed).
func (sp Spec) StrikerLegal(s Base, x float64, pieces []Piece) error {
	f := sp.strikerFault(s, x, pieces)
	switch f.err {
	case nil:
		return nil
	case ErrBase:
		return fmt.Errorf("board: base %d: %w", s, ErrBase)
	case ErrNotFinite:
		return fmt.Errorf("board: striker x %v: %w", x, ErrNotFinite)
	case ErrOffBaseline:
		return fmt.Errorf("board: striker at %.4f m, base line ends at ±%.4f m: %w", x, sp.BaselineLength/2, ErrOffBaseline)
	case ErrBaseCircle:
		return fmt.Errorf("board: striker at %.4f m: %w at %.4f m", x, ErrBaseCircle, f.circle)
	case ErrOverlap:
		return fmt.Errorf("board: striker at %.4f m %w %s", x, ErrOverlap, f.piece.ID)
	}
	return fmt.Errorf("board: striker at %.4f m: %w", x, f.err)
}

// CanStrikeFrom reports whether StrikerLegal allows x, without building
// its error: the ends of every range of striker places are asked this
// for each state of a table.
func (sp Spec) CanStrikeFrom(s Base, x float64, pieces []Piece) bool {
	return sp.strikerFault(s, x, pieces).err == nil
}

// strikerFault is why the striker may not stand at x, if it may not: the
// error, with the base circle's centre or the piece it concerns.
type strikerFault struct {
	err    error
	circle float64
	piece  *Piece
}

func (sp Spec) strikerFault(s Base, x float64, pieces []Piece) strikerFault {
	if !s.Valid() {
		return strikerFault{err: ErrBase}
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strikerFault{err: ErrNotFinite}
	}
	if math.Abs(x) > float64(sp.BaselineLength/2) {
		return strikerFault{err: ErrOffBaseline}
	}
	rs, rc := sp.StrikerRadius(), sp.BaseCircleRadius()
	for _, cx := range [2]float64{-sp.BaseCircleOffset(), sp.BaseCircleOffset()} {
		d := math.Abs(x - cx)
		if d > rs-rc && d <= rs+rc {
			return strikerFault{err: ErrBaseCircle, circle: cx}
		}
	}
	at := sp.StrikerAt(s, x)
	for p := Pocket(0); p < Pockets; p++ {
		near, far := sp.Arrow(p)
		if segmentDist(at, near, far) <= rs {
			return strikerFault{err: ErrArrow}
		}
	}
	for i := range pieces {
		if at.Dist(pieces[i].Pos) < rs+sp.Radius(pieces[i].Kind) {
			return strikerFault{err: ErrOverlap, piece: &pieces[i]}
		}
	}
	return strikerFault{}
}

// PlacingLegal checks a c/m placed at p by the rules of placing (RULES
// PL-1, PL-5): flat and wholly inside the outer circle, not touching the
// centre circle, not touching any other piece. Whether a placing sets up a
// pair or cannon with the queen needs the whole table and is judged there.
func (sp Spec) PlacingLegal(p Vec, pieces []Piece) error {
	touched, err := sp.placingFault(p, pieces)
	switch {
	case err == nil:
		return nil
	case touched != nil:
		return fmt.Errorf("board: placing at %v %w %s", p, err, touched.ID)
	}
	return fmt.Errorf("board: placing at %v: %w", p, err)
}

// CanPlace reports whether PlacingLegal allows p, without building its
// error: searches for a legal place ask this of thousands of spots.
func (sp Spec) CanPlace(p Vec, pieces []Piece) bool {
	_, err := sp.placingFault(p, pieces)
	return err == nil
}

// placingFault is the piece a c/m placed at p would touch, if any, and
// why it may not be placed there.
func (sp Spec) placingFault(p Vec, pieces []Piece) (*Piece, error) {
	if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
		return nil, ErrNotFinite
	}
	r := sp.CoinRadius()
	d := p.Len()
	if d > sp.OuterRadius()-r {
		return nil, ErrOutsideOuter
	}
	if d <= sp.CentreRadius()+r {
		return nil, ErrTouchesCentre
	}
	for i := range pieces {
		if p.Dist(pieces[i].Pos) <= r+sp.Radius(pieces[i].Kind) {
			return &pieces[i], ErrTouchesPiece
		}
	}
	return nil, nil
}
