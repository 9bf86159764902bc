package board

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"pgregory.net/rapid"
)

const eps = 1e-12

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestDerivedFiguresMatchTheLaws(t *testing.T) {
	sp := Standard()
	tests := []struct {
		name      string
		got, want float64
		tol       float64
	}{
		// RULES §1 derived: base-line midline at y = −25.26 cm for the bottom player.
		{"midline", sp.Midline(), 0.2526, eps},
		// RULES §1 derived: base-circle centres at (±22.08, −25.26) cm.
		{"base circle offset", sp.BaseCircleOffset(), 0.2208, eps},
		// RULES §1 derived: pocket centres at (±34.775, ±34.775) cm.
		{"pocket centre x", sp.PocketCentre(0).X, 0.34775, eps},
		{"pocket centre y", sp.PocketCentre(0).Y, -0.34775, eps},
		// RULES §1: gap between two adjacent sides' base circles ≈ 1.27 cm.
		{"base circle gap", sp.BaseCircles(0)[1].Dist(sp.BaseCircles(1)[0]) - sp.BaseCircleDiameter, BaseCircleGap, 0.0005},
	}
	for _, tc := range tests {
		if !near(tc.got, tc.want, tc.tol) {
			t.Errorf("%s = %.6f m; want %.6f m (±%g)", tc.name, tc.got, tc.want, tc.tol)
		}
	}
}

func TestBaselines(t *testing.T) {
	sp := Standard()
	for s := Base(0); s < Bases; s++ {
		outer, inner := sp.Baselines(s)
		if l := outer[0].Dist(outer[1]); !near(l, BaselineLength, eps) {
			t.Errorf("base %d outer base line length = %.5f m; want %.5f m", s, l, BaselineLength)
		}
		if l := inner[0].Dist(inner[1]); !near(l, BaselineLength, eps) {
			t.Errorf("base %d inner base line length = %.5f m; want %.5f m", s, l, BaselineLength)
		}
		// The outer line is 10.15 cm from the frame, the inner 3.18 cm further in.
		frame := sp.Half()
		if d := frame - math.Abs(outer[0].Dot(s.Forward())); !near(d, BaselineFromFrame, eps) {
			t.Errorf("base %d outer line from frame = %.5f m; want %.5f m", s, d, BaselineFromFrame)
		}
		if d := math.Abs(outer[0].Sub(inner[0]).Dot(s.Forward())); !near(d, BaselineSpacing, eps) {
			t.Errorf("base %d line spacing = %.5f m; want %.5f m", s, d, BaselineSpacing)
		}
		// Each base circle touches both lines and the extension of the
		// adjacent side's inner base line.
		for i, c := range sp.BaseCircles(s) {
			for _, line := range [][2]Vec{outer, inner} {
				if d := math.Abs(c.Sub(line[0]).Dot(s.Forward())); !near(d, sp.BaseCircleRadius(), eps) {
					t.Errorf("base %d circle %d to its line = %.5f m; want the radius %.5f m", s, i, d, sp.BaseCircleRadius())
				}
			}
			adjacent := s + 1
			if i == 0 {
				adjacent = s + 3
			}
			_, adjInner := sp.Baselines(adjacent % Bases)
			if d := math.Abs(c.Sub(adjInner[0]).Dot((adjacent % Bases).Forward())); !near(d, sp.BaseCircleRadius(), eps) {
				t.Errorf("base %d circle %d to the adjacent inner line = %.5f m; want %.5f m", s, i, d, sp.BaseCircleRadius())
			}
		}
	}
}

func TestSeatsTurnCounterClockwise(t *testing.T) {
	// RULES S-2: the turn passes to the right of the player, counter-clockwise
	// seen from above; base 0 sits at y < 0 facing +y.
	want := []struct{ forward, right Vec }{
		{Vec{0, 1}, Vec{1, 0}}, {Vec{-1, 0}, Vec{0, 1}}, {Vec{0, -1}, Vec{-1, 0}}, {Vec{1, 0}, Vec{0, -1}},
	}
	for s := Base(0); s < Bases; s++ {
		if got := s.Forward(); got != want[s].forward {
			t.Errorf("Seat(%d).Forward() = %v; want %v", s, got, want[s].forward)
		}
		if got := s.Right(); got != want[s].right {
			t.Errorf("Seat(%d).Right() = %v; want %v", s, got, want[s].right)
		}
		// The next base sits on this player's right.
		if got := Standard().BaselineCentre((s + 1) % Bases).Dot(s.Right()); got <= 0 {
			t.Errorf("base %d is not on the right of base %d", (s+1)%Bases, s)
		}
	}
}

func TestArrows(t *testing.T) {
	sp := Standard()
	for p := Pocket(0); p < Pockets; p++ {
		near, far := sp.Arrow(p)
		if l := near.Dist(far); !nearF(l, ArrowLengthMax) {
			t.Errorf("arrow %d length = %.5f m; want %.5f m", p, l, ArrowLengthMax)
		}
		edge := sp.PocketCentre(p).Dist(far) - sp.PocketRadius()
		if !nearF(edge, ArrowShortOfPocket) {
			t.Errorf("arrow %d ends %.5f m from the pocket edge; want %.5f m", p, edge, ArrowShortOfPocket)
		}
		if near.Len() <= sp.OuterRadius() {
			t.Errorf("arrow %d starts inside the outer circle", p)
		}
		// The arrow passes between the base circles of the two sides that meet there.
		for s := Base(0); s < Bases; s++ {
			for _, c := range sp.BaseCircles(s) {
				if d := segmentDist(c, near, far); d <= sp.BaseCircleRadius() {
					t.Errorf("arrow %d touches base %d's base circle at %v (distance %.5f m)", p, s, c, d)
				}
			}
		}
	}
}

func nearF(a, b float64) bool { return near(a, b, eps) }

func checkArrangement(t interface {
	Errorf(string, ...any)
}, sp Spec, pieces []Piece) {
	count := map[Kind]int{}
	for _, p := range pieces {
		count[p.Kind]++
	}
	if count[White] != WhiteCount || count[Black] != BlackCount || count[Queen] != QueenCount || len(pieces) != 19 {
		t.Errorf("arrangement has %v; want 9 white, 9 black, 1 queen", count)
	}
	d := 2 * sp.CoinRadius()
	for i, a := range pieces {
		if a.Pos.Len()+sp.CoinRadius() > sp.OuterRadius() {
			t.Errorf("%s at %v is not inside the outer circle", a.ID, a.Pos)
		}
		touching := 0
		for j, b := range pieces {
			if i == j {
				continue
			}
			dist := a.Pos.Dist(b.Pos)
			if dist < d-1e-12 {
				t.Errorf("%s and %s overlap: %.6f m apart", a.ID, b.ID, dist)
			}
			if dist <= d+1e-12 {
				touching++
			}
		}
		// Hexagonal packing: the queen touches 6, the first ring 6, the second 3 or 4.
		if touching < 3 {
			t.Errorf("%s touches %d pieces; every piece touches its neighbours", a.ID, touching)
		}
	}
	if pieces[0].Kind != Queen || pieces[0].Pos.Len() > 1e-15 {
		t.Errorf("the queen is at %v; want the centre", pieces[0].Pos)
	}
}

func TestBreakArrangement(t *testing.T) {
	sp := Standard()
	for s := Base(0); s < Bases; s++ {
		pieces := sp.BreakArrangement(s)
		checkArrangement(t, sp, pieces)
		// RULES A-1: the whites form a Y from the queen; RULES A-2: one arm
		// points at the opponent. Along that arm stand two whites.
		arm := s.Forward()
		whitesOnArm := 0
		for _, p := range pieces {
			if p.Kind == White && math.Abs(p.Pos.Unit().Cross(arm)) < 1e-12 && p.Pos.Dot(arm) > 0 {
				whitesOnArm++
			}
			if p.Kind == Black && math.Abs(p.Pos.Unit().Cross(arm)) < 1e-12 && p.Pos.Dot(arm) > 0 {
				t.Errorf("base %d: black %s on the arm of the Y", s, p.ID)
			}
		}
		if whitesOnArm != 2 {
			t.Errorf("base %d: %d whites on the arm towards the opponent; want 2 (RULES A-1, A-2)", s, whitesOnArm)
		}
	}
}

func TestArrangementAnyRotation(t *testing.T) {
	sp := Standard()
	rapid.Check(t, func(t *rapid.T) {
		angle := rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "angle")
		arm := Vec{math.Cos(angle), math.Sin(angle)}
		pieces := sp.Arrangement(arm)
		checkArrangement(t, sp, pieces)
		// A rotation of the default: every piece keeps its distance from the centre.
		base := sp.Arrangement(Vec{1, 0})
		for i := range pieces {
			if pieces[i].ID != base[i].ID || !near(pieces[i].Pos.Len(), base[i].Pos.Len(), 1e-12) {
				t.Errorf("piece %d: %s at radius %.6f; want %s at %.6f", i, pieces[i].ID, pieces[i].Pos.Len(), base[i].ID, base[i].Pos.Len())
			}
		}
	})
}

func inRanges(x float64, rs []Interval) bool {
	for _, r := range rs {
		if x >= r.Lo && x <= r.Hi {
			return true
		}
	}
	return false
}

func TestStrikerRanges(t *testing.T) {
	sp := Standard()
	rs := sp.StrikerRanges()
	if len(rs) != 3 {
		t.Fatalf("StrikerRanges() = %v; want three ranges", rs)
	}
	// RULES ST-2: the striker (4.13 cm) may cover a base circle (3.18 cm)
	// completely: centres within 0.475 cm of the circle's, short of the arrow.
	if w := rs[2].Hi - rs[2].Lo; w <= 0 || w > 2*(sp.StrikerRadius()-sp.BaseCircleRadius())+eps {
		t.Errorf("covering range %v has width %.5f m", rs[2], w)
	}
	rapid.Check(t, func(t *rapid.T) {
		x := rapid.Float64Range(-0.25, 0.25).Draw(t, "x")
		base := Base(rapid.IntRange(0, 3).Draw(t, "base"))
		err := sp.StrikerLegal(base, x, nil)
		onEdge := false
		for _, r := range rs {
			onEdge = onEdge || near(x, r.Lo, 1e-12) || near(x, r.Hi, 1e-12)
		}
		if !onEdge && (err == nil) != inRanges(x, rs) {
			t.Fatalf("StrikerLegal(%d, %.6f) = %v; ranges %v", base, x, err, rs)
		}
	})
}

func TestStrikerLegal(t *testing.T) {
	sp := Standard()
	o := sp.BaseCircleOffset()
	coin := func(x float64) []Piece {
		return []Piece{{ID: "w1", Kind: White, Pos: sp.StrikerAt(0, x).Add(Vec{0, sp.CoinRadius() + sp.StrikerRadius() - 0.001})}}
	}
	tests := []struct {
		rule   string
		x      float64
		pieces []Piece
		want   error
	}{
		{"ST-1 centre", 0, nil, nil},
		{"ST-1 off the end of the line", 0.24, nil, ErrOffBaseline},
		{"ST-2 covering the right circle", o, nil, nil},
		{"ST-2 covering the left circle", -o, nil, nil},
		{"ST-2 partly on the circle", o - 0.02, nil, ErrBaseCircle},
		{"ST-2 clear of the circle", o - 0.037, nil, nil},
		{"ST-2 touching the arrow", o + 0.004, nil, ErrArrow},
		{"ST-3 overlapping a coin", 0.05, coin(0.05), ErrOverlap},
		{"ST-3 beside a coin", 0.10, coin(0.05), nil},
		{"not a number", math.NaN(), nil, ErrNotFinite},
	}
	for _, tc := range tests {
		if err := sp.StrikerLegal(0, tc.x, tc.pieces); !errors.Is(err, tc.want) {
			t.Errorf("%s: StrikerLegal(0, %.4f) = %v; want %v", tc.rule, tc.x, err, tc.want)
		}
	}
	if err := sp.StrikerLegal(4, 0, nil); !errors.Is(err, ErrBase) {
		t.Errorf("StrikerLegal(4, 0) = %v; want %v", err, ErrBase)
	}
}

func TestPlacingLegal(t *testing.T) {
	sp := Standard()
	r := sp.CoinRadius()
	other := []Piece{{ID: "b1", Kind: Black, Pos: Vec{0.05, 0}}}
	tests := []struct {
		rule string
		at   Vec
		want error
	}{
		{"PL-1 inside the outer circle", Vec{0, 0.05}, nil},
		{"PL-1 crossing the outer circle", Vec{0, sp.OuterRadius() - r/2}, ErrOutsideOuter},
		{"PL-1 touching the centre circle", Vec{0, sp.CentreRadius() + r/2}, ErrTouchesCentre},
		{"PL-5 touching a piece", Vec{0.05, 2 * r}, ErrTouchesPiece},
		{"PL-5 clear of the piece", Vec{0.05, 2*r + 0.001}, nil},
		{"not a number", Vec{math.Inf(1), 0}, ErrNotFinite},
	}
	for _, tc := range tests {
		if err := sp.PlacingLegal(tc.at, other); !errors.Is(err, tc.want) {
			t.Errorf("%s: PlacingLegal(%v) = %v; want %v", tc.rule, tc.at, err, tc.want)
		}
	}
}

// CanPlace answers as PlacingLegal does, anywhere on and off the board
// (PL-1, PL-5).
func TestCanPlaceIsPlacingLegal(t *testing.T) {
	sp := Standard()
	rapid.Check(t, func(t *rapid.T) {
		coord := rapid.Float64Range(-0.12, 0.12)
		var pieces []Piece
		for i := range rapid.IntRange(0, 6).Draw(t, "pieces") {
			pieces = append(pieces, Piece{ID: fmt.Sprintf("p%d", i), Kind: Kind(rapid.IntRange(int(White), int(Queen)).Draw(t, "kind")), Pos: Vec{coord.Draw(t, "px"), coord.Draw(t, "py")}})
		}
		at := Vec{coord.Draw(t, "x"), coord.Draw(t, "y")}
		if got, want := sp.CanPlace(at, pieces), sp.PlacingLegal(at, pieces) == nil; got != want {
			t.Fatalf("CanPlace(%v) = %v; PlacingLegal says %v", at, got, sp.PlacingLegal(at, pieces))
		}
	})
}

func TestKindRoundTrip(t *testing.T) {
	for k := White; k <= Striker; k++ {
		got, err := ParseKind(k.String())
		if err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v; want %v", k.String(), got, err, k)
		}
	}
	if _, err := ParseKind("king"); err == nil {
		t.Errorf("ParseKind(%q) succeeded; want an error", "king")
	}
}

func TestFamilyArrangement(t *testing.T) {
	// RULES A-3: two adjacent white c/m face the first player: the two
	// pieces nearest his base line, in a line towards him, are white.
	sp := Standard()
	for s := Base(0); s < Bases; s++ {
		pieces := sp.FamilyArrangement(s)
		checkArrangement(t, sp, pieces)
		toward := s.Forward().Scale(-1)
		var facing []Piece
		for _, p := range pieces {
			if p.Kind != Queen && math.Abs(p.Pos.Unit().Cross(toward)) < 1e-12 && p.Pos.Dot(toward) > 0 {
				facing = append(facing, p)
			}
		}
		if len(facing) != 2 || facing[0].Kind != White || facing[1].Kind != White {
			t.Errorf("base %d: pieces facing the first player = %v; want two whites (RULES A-3)", s, facing)
		}
	}
}
