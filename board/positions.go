package board

import (
	"fmt"
	"math"
)

// Base is a side of the board, where a player sits and plays from his base
// lines. Bases are numbered in turn order: 0 at the bottom (y < 0, shooting
// towards +y), then each to the right of the last, which seen from above is
// counter-clockwise: 1 on the right (x > 0), 2 at the top, 3 on the left
// (RULES S-2). In singles the two players sit at bases 0 and 2.
type Base int

// Bases is the number of places at the board.
const Bases = 4

// Valid reports whether s is one of the four bases.
func (s Base) Valid() bool { return s >= 0 && s < Bases }

// turn rotates v by the base's quarter turns; exact, since a quarter turn
// only swaps and negates coordinates.
func (s Base) turn(v Vec) Vec {
	for i := Base(0); i < s&3; i++ {
		v = v.Rot90()
	}
	return v
}

// Forward is the unit vector from the base's line towards the centre.
func (s Base) Forward() Vec { return s.turn(Vec{0, 1}) }

// Right is the unit vector along the base's lines, to the shooter's right.
func (s Base) Right() Vec { return s.turn(Vec{1, 0}) }

// Midline is the distance from the centre to the midline between a side's
// two base lines, where the striker's centre is placed (RULES ST-1).
func (sp Spec) Midline() float64 {
	return sp.Half() - sp.BaselineFromFrame - float64(sp.BaselineSpacing/2)
}

// BaselineCentre is the middle of the base's midline.
func (sp Spec) BaselineCentre(s Base) Vec { return s.Forward().Scale(-sp.Midline()) }

// Baselines returns the end points of the base's outer and inner base lines.
func (sp Spec) Baselines(s Base) (outer, inner [2]Vec) {
	h := float64(sp.BaselineLength / 2)
	outerD := sp.Half() - sp.BaselineFromFrame
	innerD := outerD - sp.BaselineSpacing
	line := func(d float64) [2]Vec {
		c := s.Forward().Scale(-d)
		return [2]Vec{c.Add(s.Right().Scale(-h)), c.Add(s.Right().Scale(h))}
	}
	return line(outerD), line(innerD)
}

// StrikerAt is the striker's centre placed at x along the base's midline
// (x from the line's centre, positive to the shooter's right).
func (sp Spec) StrikerAt(s Base, x float64) Vec {
	return sp.BaselineCentre(s).Add(s.Right().Scale(x))
}

// BaseCircleOffset is the distance along the base line from its centre to
// the centre of either base circle: the circle touches the extension of the
// adjacent side's inner base line.
func (sp Spec) BaseCircleOffset() float64 {
	return sp.Half() - sp.BaselineFromFrame - sp.BaselineSpacing - sp.BaseCircleRadius()
}

// BaseCircles returns the centres of the base's two base circles, left then right.
func (sp Spec) BaseCircles(s Base) [2]Vec {
	o := sp.BaseCircleOffset()
	return [2]Vec{sp.StrikerAt(s, -o), sp.StrikerAt(s, o)}
}

// Pocket is one of the four corner holes, numbered like the bases: pocket k
// is at the right-hand end of base k's base lines (0 bottom right, 1 top
// right, 2 top left, 3 bottom left).
type Pocket int

// Pockets is the number of pockets.
const Pockets = 4

// PocketCentre is the centre of pocket p, tangent to both frame edges.
func (sp Spec) PocketCentre(p Pocket) Vec {
	d := sp.Half() - sp.PocketRadius()
	return Base(p).turn(Vec{d, -d})
}

// Arrow returns the ends of the arrow on the diagonal towards pocket p: it
// ends ArrowShortOfPocket before the pocket's edge and runs ArrowLength
// back towards the centre.
func (sp Spec) Arrow(p Pocket) (near, far Vec) {
	dir := sp.PocketCentre(p).Unit()
	farD := sp.PocketCentre(p).Len() - sp.PocketRadius() - sp.ArrowShortOfPocket
	return dir.Scale(farD - sp.ArrowLength), dir.Scale(farD)
}

// segmentDist is the distance from p to the segment ab.
func segmentDist(p, a, b Vec) float64 {
	ab := b.Sub(a)
	t := p.Sub(a).Dot(ab) / ab.Len2()
	t = math.Max(0, math.Min(1, t))
	return p.Dist(a.Add(ab.Scale(t)))
}

// Kind is what a piece is.
type Kind int

// The kinds of piece.
const (
	White Kind = iota
	Black
	Queen
	Striker
)

var kindNames = [...]string{"white", "black", "queen", "striker"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("board: unknown piece kind %q", s)
}

// Piece is a carrom man, the queen or the striker at a position.
type Piece struct {
	ID   string // "w1".."w9", "b1".."b9", "q", "s"
	Kind Kind
	Pos  Vec
}

// Radius is the piece's radius on this board.
func (sp Spec) Radius(k Kind) float64 {
	if k == Striker {
		return sp.StrikerRadius()
	}
	return sp.CoinRadius()
}

// Mass is the piece's mass on this board.
func (sp Spec) Mass(k Kind) float64 {
	if k == Striker {
		return sp.StrikerMass
	}
	return sp.CoinMass
}

// twelfths are the unit vectors at multiples of 30°, built from √3 alone so
// that no trigonometric function is needed.
func twelfths() [12]Vec {
	h := math.Sqrt(3) / 2
	return [12]Vec{
		{1, 0}, {h, 0.5}, {0.5, h}, {0, 1}, {-0.5, h}, {-h, 0.5},
		{-1, 0}, {-h, -0.5}, {-0.5, -h}, {0, -1}, {0.5, -h}, {h, -0.5},
	}
}

// Arrangement is the set-up before the break (RULES A-1): the queen on the
// centre, six c/m around it alternating white and black, twelve in a second
// ring, every piece touching its neighbours. arm is the unit vector along
// one arm of the white "Y" (RULES A-2: the breaker may turn the whole
// arrangement as he likes). Pieces come in a fixed order: the queen, then
// the first ring, then the second ring, each counter-clockwise from arm.
func (sp Spec) Arrangement(arm Vec) []Piece {
	// Second ring, hexagonal packing: whites straight out from every
	// first-ring piece (those from the first-ring whites extend the Y),
	// blacks in the gaps.
	return sp.rings(arm, func(j int) Kind {
		if j%2 == 0 {
			return White
		}
		return Black
	})
}

// RingArrangement is the set-up of buying the pockets for the breaker at
// base s (RULES V-3): the queen on the centre ringed by six c/m, three
// white and three black, and the other twelve as a second ring (the
// source stacks them on the queen; pieces lie flat here). There is no Y:
// both rings alternate, and each piece of the second ring straight out
// from one of the first has the other colour.
func (sp Spec) RingArrangement(s Base) []Piece {
	return sp.rings(s.Forward(), func(j int) Kind {
		// The first ring has whites at j = 0, 4, 8: outside them blacks
		// (j%4 == 0), outside its blacks whites; the gaps alternate.
		if j%4 == 0 || j%4 == 3 {
			return Black
		}
		return White
	})
}

// rings lays out the queen, a first ring alternating white and black from
// arm, and a second ring whose j-th piece, counter-clockwise from arm in
// twelfths of a turn, is of kind outer(j).
func (sp Spec) rings(arm Vec, outer func(j int) Kind) []Piece {
	arm = arm.Unit()
	r := sp.CoinRadius()
	dirs := twelfths()
	pieces := []Piece{{ID: "q", Kind: Queen, Pos: Vec{}}}
	whites, blacks := 0, 0
	add := func(k Kind, at Vec) {
		var id string
		if k == White {
			whites++
			id = fmt.Sprintf("w%d", whites)
		} else {
			blacks++
			id = fmt.Sprintf("b%d", blacks)
		}
		pieces = append(pieces, Piece{ID: id, Kind: k, Pos: at.Rotate(arm)})
	}
	// First ring: touching the queen, whites on the arms of the Y.
	for j := 0; j < 6; j++ {
		k := White
		if j%2 == 1 {
			k = Black
		}
		add(k, dirs[2*j].Scale(2*r))
	}
	// Second ring, hexagonal packing: straight out from every first-ring
	// piece at even j, in the gaps at odd j.
	for j := 0; j < 12; j++ {
		if j%2 == 0 {
			add(outer(j), dirs[j].Scale(4*r))
		} else {
			add(outer(j), dirs[j].Scale(2*math.Sqrt(3)*r))
		}
	}
	return pieces
}

// BreakArrangement is the default set-up for the breaker at base s: one arm
// of the Y points at the opponent, so the other two face the breaker's
// corners (RULES A-2).
func (sp Spec) BreakArrangement(s Base) []Piece {
	return sp.Arrangement(s.Forward())
}

// FamilyArrangement is the family set-up for the first player at base s:
// two adjacent white c/m face him (RULES A-3), so one arm of the Y points
// at him.
func (sp Spec) FamilyArrangement(s Base) []Piece {
	return sp.Arrangement(s.Forward().Scale(-1))
}
