package ai

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

func coins(n int) []board.Piece {
	ps := make([]board.Piece, n)
	for i := range ps {
		ps[i] = board.Piece{ID: string(rune('a' + i)), Kind: board.White, Pos: board.Vec{X: float64(i) * 0.05}}
	}
	return ps
}

// soloTable is a clearance at table with pieces on the board, every other
// piece pocketed, and the queen awaiting its cover if pending.
func soloTable(t *testing.T, pieces []board.Piece, pending bool) game.Table {
	t.Helper()
	m, err := rules.NewMatch(rules.Solo(), 1)
	if err != nil {
		t.Fatal(err)
	}
	m.Board.Broken = true
	m.Board.OnBoard = rules.Count{}
	left := map[board.Kind]int{board.White: board.WhiteCount, board.Black: board.BlackCount, board.Queen: 1}
	for _, pc := range pieces {
		left[pc.Kind]--
		switch pc.Kind {
		case board.White:
			m.Board.OnBoard.White++
		case board.Black:
			m.Board.OnBoard.Black++
		case board.Queen:
			m.Board.OnBoard.Queen = true
		}
	}
	var pocketed []board.Piece
	for _, k := range []board.Kind{board.White, board.Black, board.Queen} {
		for i := range left[k] {
			pocketed = append(pocketed, board.Piece{ID: fmt.Sprintf("pocketed-%v-%d", k, i), Kind: k})
		}
	}
	if pending {
		m.Board.Queen, m.Board.QueenSide = rules.QueenPending, 0
	}
	tab, err := game.Resume(game.Config{Rules: rules.Solo(), Players: 1, Physics: physics.Default()}, game.Setup{Match: m, Pieces: pieces, Pocketed: pocketed})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// The clearance's judge values a stroke by what the solo referee rules:
// the c/m down net of returns, the queen covered, pending or lost.
func TestSoloJudge(t *testing.T) {
	queen := board.Piece{ID: "q", Kind: board.Queen, Pos: board.Vec{Y: 0.2}}
	tests := []struct {
		name    string
		pieces  []board.Piece
		pending bool
		stroke  rules.Stroke
		value   float64
		over    bool
	}{
		{"one c/m", coins(3), false, rules.Stroke{Pocketed: rules.Count{White: 1}}, 1, false},
		{"queen alone awaits cover", append(coins(2), queen), false, rules.Stroke{Pocketed: rules.Count{Queen: true}}, 0.5, false},
		{"queen and c/m: covered", append(coins(2), queen), false, rules.Stroke{Pocketed: rules.Count{White: 1, Queen: true}}, 2, false},
		{"no cover: the queen returns", coins(2), true, rules.Stroke{}, -0.5, false},
		{"striker returns a pocketed c/m", coins(2), false, rules.Stroke{Striker: true}, -1, false},
		{"last c/m before the queen stays", append(coins(1), queen), false, rules.Stroke{Pocketed: rules.Count{White: 1}}, 0, false},
		{"last c/m, queen covered earlier", coins(1), false, rules.Stroke{Pocketed: rules.Count{White: 1}}, 1 + soloEnd, true},
		{"last c/m covers the queen", coins(1), true, rules.Stroke{Pocketed: rules.Count{White: 1}}, 2 + soloEnd, true},
	}
	for _, tt := range tests {
		v := soloJudge{soloTable(t, tt.pieces, tt.pending)}.rule(tt.stroke)
		if v.value != tt.value || v.over != tt.over || v.scored != (tt.value > 0) || !v.kept {
			t.Errorf("%s: rule(%+v) = %+v; want value %v, over %v", tt.name, tt.stroke, v, tt.value, tt.over)
		}
	}
}

// The position a clearance stroke leaves is the table's: a pocketed
// striker's c/m comes back onto the centre where the table puts it.
func TestSoloWorthUsesTheTable(t *testing.T) {
	p := physics.Default()
	pieces := []board.Piece{{ID: "w1", Kind: board.White, Pos: board.Vec{X: 0.2, Y: 0.2}}}
	tab := soloTable(t, pieces, false)
	sim, err := physics.NewSimulator(p)
	if err != nil {
		t.Fatal(err)
	}
	// From the left of the base line straight into the far left pocket,
	// touching nothing.
	g := newGeo(p)
	var res physics.Result
	for x := -0.2; x < 0; x += 0.01 {
		S := p.Spec.StrikerAt(0, x)
		sh := physics.Shot{X: x, Dir: g.pockets[2].Sub(S).Unit(), Speed: p.MaxSpeed / 2}
		if r, err := sim.Stroke(pieces, sh); err == nil && game.Summarize(r) == (rules.Stroke{Striker: true, Missed: true}) {
			res = r.Clone()
			break
		}
	}
	if !game.Summarize(res).Striker {
		t.Fatal("no shot found that pockets the striker alone")
	}
	next, out, err := tab.Carry(res)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Respotted) != 1 || next.Match().Board.OnBoard.White != 2 {
		t.Fatalf("Carry: respotted %v, %d white on the board; want one c/m back, 2 on the board", out.Respotted, next.Match().Board.OnBoard.White)
	}
	want := -misses(&g, next.Pieces(), false, CarromRL())
	if got := (soloJudge{tab}).worth(&g, res, CarromRL()); got != want {
		t.Errorf("worth = %v; want %v, the misses of the table after the stroke", got, want)
	}
}

// A lone coin in front of a pocket: the best direct cut, simulated without
// noise, pockets it.
func TestDirectCutPockets(t *testing.T) {
	p := physics.Default()
	s, err := newSearcher(p, 1)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		at   board.Vec
	}{
		{"straight to the top right", board.Vec{X: 0.15, Y: 0.15}},
		{"cut to the top left", board.Vec{X: 0.05, Y: 0.2}},
		{"near the bottom right, behind the base line", board.Vec{X: 0.28, Y: -0.3}},
		{"centre", board.Vec{}},
	}
	for _, tt := range tests {
		sit := soloSituation(soloTable(t, []board.Piece{{ID: "w1", Kind: board.White, Pos: tt.at}}, false), Noise{})
		b := Budget{PerTarget: 2, Keep: 4, Samples: 1}
		adv, err := s.search(t.Context(), sit, b, 1)
		if err != nil || len(adv) == 0 {
			t.Errorf("%s: search = %v, %v; want advice", tt.name, adv, err)
			continue
		}
		if adv[0].Success != 1 || adv[0].Target != "w1" {
			t.Errorf("%s: best %+v; want w1 pocketed for sure", tt.name, adv[0])
		}
	}
}

// The rebound point follows the law of the frame: the tangential speed is
// kept and the normal speed scaled by the restitution.
func TestReboundPoint(t *testing.T) {
	g := newGeo(physics.Default())
	a, b := board.Vec{X: -0.1, Y: -0.25}, board.Vec{X: 0.2, Y: 0.1}
	for e := range 4 {
		w, _, ok := g.rebound(a, b, g.rs, e)
		if !ok {
			continue
		}
		n := board.Base(e).Forward().Scale(-1)
		tn := n.Rot90()
		in, out := w.Sub(a).Unit(), b.Sub(w).Unit()
		// tan(out) = tan(in)/e, measured from the normal.
		got := math.Abs(out.Dot(tn) / out.Dot(n))
		want := math.Abs(in.Dot(tn)/in.Dot(n)) / g.eCush
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("edge %d: rebound at %v: outgoing slope %v; want %v", e, w, got, want)
		}
		if math.Abs(w.Dot(n)-(g.half-g.rs)) > 1e-12 {
			t.Errorf("edge %d: rebound point %v is not where the striker meets the frame", e, w)
		}
	}
}

func TestNoiseSpread(t *testing.T) {
	p := physics.Default()
	n := Noise{Angle: 2, Speed: 0.01}
	r := rand.New(rand.NewPCG(3, 4))
	sh := physics.Shot{Dir: board.Vec{Y: 1}, Speed: 2}
	if got := (Noise{}).Perturb(sh, p, nil, r); got != sh {
		t.Errorf("zero noise changed %+v into %+v", sh, got)
	}
	var sa, sv float64
	const k = 4000
	for range k {
		got := n.Perturb(sh, p, nil, r)
		a := math.Atan2(got.Dir.X, got.Dir.Y) * 180 / math.Pi
		sa += a * a
		dv := got.Speed - sh.Speed
		sv += dv * dv
	}
	if sd := math.Sqrt(sa / k); math.Abs(sd-2) > 0.1 {
		t.Errorf("angle σ = %.3f°; want 2°", sd)
	}
	if sd := math.Sqrt(sv / k); math.Abs(sd-0.05) > 0.003 {
		t.Errorf("speed σ = %.4f m/s; want 0.05", sd)
	}
}

// A due is placed legally, where its owner's best shot is no easier than
// at the first legal spot.
func TestPlacingIsLegalAndHard(t *testing.T) {
	p := physics.Default()
	tab, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: p})
	if err != nil {
		t.Fatal(err)
	}
	l := mustLevel(t, "expert")
	noisy := Noise{X: 0.01, Angle: 6, Speed: 0.1}
	players := []*Computer{New(l, 0, 1), New(l, 0, 2)}
	// The strokes that lead to a placing are the beginner's, which costs
	// little: the test is of the expert's placing.
	strikers := []*Computer{New(mustLevel(t, "beginner"), 0, 1), New(mustLevel(t, "beginner"), 0, 2)}
	r := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		turn := tab.ToAct()
		if turn.Need == game.NeedNothing {
			break
		}
		who := players[turn.Seat]
		if turn.Need == game.NeedStrike {
			who = strikers[turn.Seat]
		}
		a, err := who.Act(t.Context(), tab)
		if err != nil {
			t.Fatal(err)
		}
		if turn.Need == game.NeedPlace && a.Kind == game.Place {
			if err := tab.PlacingLegal(a.At); err != nil {
				t.Fatalf("placing at %v: %v", a.At, err)
			}
			g := players[turn.Seat].s.geo
			first, _ := g.placing(tab, turn, false, l.Noise)
			owner := tab.Base(1 - turn.Seat)
			var own kinds
			own[board.Kind(turn.Colour)] = true
			with := func(at board.Vec) float64 {
				return g.ease(append(tab.Pieces(), board.Piece{ID: "x", Kind: board.Kind(turn.Colour), Pos: at}), owner, own, l.Noise)
			}
			if with(a.At) > with(first) {
				t.Errorf("placed at %v leaving ease %v; the first legal spot %v leaves %v", a.At, with(a.At), first, with(first))
			}
			return
		}
		if a.Kind == game.Strike {
			a.Shot = noisy.Perturb(a.Shot, p, tab.Pieces(), r)
		}
		next, _, err := tab.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		tab = next
	}
	t.Fatal("no placing came up in 400 actions")
}

// With Offsets, the direct cuts send the coin at the pocket's centre and
// aimOffset to either side of it; without, at the centre only.
func TestDirectCutOffsets(t *testing.T) {
	g := newGeo(physics.Default())
	c := board.Vec{X: 0.15, Y: 0.15}
	pieces := []board.Piece{{ID: "w1", Kind: board.White, Pos: c}}
	sit := soloSituation(soloTable(t, pieces, false), CarromRL())
	for _, tt := range []struct {
		offsets bool
		want    []float64
	}{
		{false, []float64{0}},
		{true, []float64{-aimOffset, 0, aimOffset}},
	} {
		seen := map[float64]bool{}
		for _, cd := range g.candidates(sit, Budget{PerTarget: 1, Offsets: tt.offsets}) {
			if cd.kind != Direct || cd.pocket != topRight {
				continue
			}
			// The striker meets the coin where its line first comes
			// within the two radii of the coin's centre; the coin leaves
			// along the line of centres.
			S := g.sp.StrikerAt(0, cd.shot.X)
			d := board.Vec{X: cd.shot.Dir.Dot(board.Base(0).Right()), Y: cd.shot.Dir.Dot(board.Base(0).Forward())}.Unit()
			along := c.Sub(S).Dot(d)
			across := c.Sub(S).Sub(d.Scale(along)).Len()
			contact := S.Add(d.Scale(along - math.Sqrt((g.rs+g.rc)*(g.rs+g.rc)-across*across)))
			u := c.Sub(contact).Unit()
			// Where the coin's line crosses the pocket's side line, the
			// one through its centre square to the way from the coin.
			n := g.pockets[topRight].Sub(c)
			along = n.Len() / u.Dot(n.Unit())
			off := math.Round(-along*u.Dot(n.Unit().Rot90())*1e6) / 1e6
			seen[off] = true
		}
		if len(seen) != len(tt.want) {
			t.Errorf("offsets %v: the coin is sent %v beside the pocket's centre; want %v", tt.offsets, seen, tt.want)
		}
		for _, w := range tt.want {
			if !seen[math.Round(w*1e6)/1e6] {
				t.Errorf("offsets %v: no cut %v beside the pocket's centre (have %v)", tt.offsets, w, seen)
			}
		}
	}
}

// Screening as meant scores a long thin cut as sure; screening under the
// noise the player expects scores it as the mean over the draws, lower.
func TestScreenUnderNoise(t *testing.T) {
	p := physics.Default()
	s, err := newSearcher(p, 2)
	if err != nil {
		t.Fatal(err)
	}
	pieces := []board.Piece{{ID: "w1", Kind: board.White, Pos: board.Vec{X: -0.2, Y: 0.28}}}
	const topLeft board.Pocket = 2
	sit := soloSituation(soloTable(t, pieces, false), CarromRL())
	cs := s.geo.candidates(sit, Budget{PerTarget: 1})
	var thin []candidate
	for _, c := range cs {
		if c.kind == Direct && c.pocket == topLeft {
			thin = append(thin, c)
		}
	}
	if len(thin) == 0 {
		t.Fatal("no direct cut to the top left pocket")
	}
	exact, err := s.screen(t.Context(), sit, Budget{}, thin, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	noisy, err := s.screen(t.Context(), sit, Budget{Screen: 16}, thin, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.screen(t.Context(), sit, Budget{Screen: 16}, thin, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for i := range thin {
		if exact[i] < soloEnd {
			t.Errorf("cut %d as meant scores %v; want the clearance won (≥ %v)", i, exact[i], float64(soloEnd))
		}
		if noisy[i] >= exact[i]-1 {
			t.Errorf("cut %d under Carrom_rl noise scores %v, as meant %v; want it well below", i, noisy[i], exact[i])
		}
		if again[i] != noisy[i] {
			t.Errorf("cut %d screened twice with one seed: %v, then %v", i, noisy[i], again[i])
		}
	}
}

const topRight board.Pocket = 1 // at the right-hand end of seat 1's base lines (board.Pocket)

const nearRight board.Pocket = 0 // at the right-hand end of seat 0's base line

// The sweep keeps shots that were simulated and pocketed: a coin against
// the side frame, or one behind the base line by a back shot, whatever the
// workers; never a backward one when the rules forbid it (RULES ST-4). The
// fine fan of a deep search finds more such shots than the coarse one.
func TestSweep(t *testing.T) {
	p := physics.Default()
	sp := p.Spec
	coin := board.Piece{ID: "w", Kind: board.White, Pos: board.Vec{X: sp.Half() - sp.CoinRadius() - 1e-4, Y: 0.1}}
	behind := board.Piece{ID: "b", Kind: board.Black, Pos: board.Vec{X: -0.22, Y: -0.30}}
	pieces := []board.Piece{coin, behind}
	sim, err := physics.NewSimulator(p)
	if err != nil {
		t.Fatal(err)
	}
	pockets := func(sh physics.Shot) bool {
		res, err := sim.Stroke(pieces, sh)
		if err != nil {
			t.Fatal(err)
		}
		n := game.Summarize(res).Pocketed
		return n.White+n.Black > 0
	}
	found := map[string]int{}
	for name, f := range map[string]fan{"coarse": coarseFan, "fine": fineFan} {
		var got [][]candidate
		for _, workers := range []int{1, 2} {
			for _, back := range []bool{true, false} {
				s, err := newSearcher(p, workers)
				if err != nil {
					t.Fatal(err)
				}
				sit := &situation{pieces: pieces, own: kinds{board.White: true, board.Black: true}, backShots: back, judge: soloJudge{soloTable(t, pieces, false)}}
				cs, err := s.sweep(context.Background(), sit, f)
				if err != nil {
					t.Fatal(err)
				}
				if len(cs) == 0 {
					t.Fatalf("%s fan, workers %d, back shots %v: the sweep found nothing", name, workers, back)
				}
				for _, c := range cs {
					if c.kind != Sweep || !pockets(c.shot) {
						t.Errorf("%s fan, workers %d, back shots %v: %v %+v does not pocket a coin", name, workers, back, c.kind, c.shot)
					}
					if !back && c.shot.Dir.Y <= 0 {
						t.Errorf("%s fan, back shots forbidden, the sweep kept %+v", name, c.shot)
					}
				}
				got = append(got, cs)
			}
		}
		if !slices.Equal(got[0], got[2]) || !slices.Equal(got[1], got[3]) {
			t.Errorf("%s fan: the sweep differs between 1 and 2 workers", name)
		}
		if slices.Equal(got[0], got[1]) {
			t.Errorf("%s fan: the sweep ignores whether back shots are allowed", name)
		}
		found[name] = len(got[0])
	}
	if found["fine"] <= found["coarse"] {
		t.Errorf("the fine fan kept %d shots, the coarse one %d", found["fine"], found["coarse"])
	}
}

func mustLevel(t *testing.T, name string) Level {
	t.Helper()
	l, err := LevelByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// clearanceSearch runs the search of budget b, planning with noise n, on
// a clearance with pieces on the board and every other c/m pocketed.
func clearanceSearch(t *testing.T, pieces []board.Piece, b Budget, n Noise) []Advice {
	t.Helper()
	sit := soloSituation(soloTable(t, pieces, false), n)
	s, err := newSearcher(physics.Default(), 0)
	if err != nil {
		t.Fatal(err)
	}
	adv, err := s.search(t.Context(), sit, b, 1)
	if err != nil {
		t.Fatal(err)
	}
	return adv
}

// With the queen and one coin left, the expert plays a shot about as sure
// as any it sampled, the queen first and the coin to cover it next:
// finishing the clearance at once is worth the strokes it saves, not a
// gamble on pocketing both in one stroke. The position came up in a clearance under the expert's own
// noise, when the end was valued like winning a board.
func TestClearanceQueenFirst(t *testing.T) {
	expert := mustLevel(t, "expert")
	pieces, err := record.ParsePieces("q -0.3235822107035942,-0.2624212698532108 w4 -0.30072186582799526,0.21371641771307054")
	if err != nil {
		t.Fatal(err)
	}
	adv := clearanceSearch(t, pieces, expert.Budget, expert.Noise)
	best := slices.MaxFunc(adv, func(a, b Advice) int { return cmp.Compare(a.Success, b.Success) })
	if adv[0].Success < 0.8 || adv[0].Success < best.Success-0.1 {
		t.Errorf("played %v %s, success %.3f; the surest shot sampled %v %s, %.3f", adv[0].Kind, adv[0].Target, adv[0].Success, best.Kind, best.Target, best.Success)
	}
}

// With Budget.Deep pieces or fewer the search keeps twice as many
// candidates, among them the fine sweep's; with more it is the ordinary
// search.
func TestDeepSearch(t *testing.T) {
	expert := mustLevel(t, "expert")
	pieces := []board.Piece{
		{ID: "w1", Kind: board.White, Pos: board.Vec{X: 0.12, Y: 0.2}},
		{ID: "b1", Kind: board.Black, Pos: board.Vec{X: -0.25, Y: -0.1}},
		{ID: "w2", Kind: board.White, Pos: board.Vec{X: 0.05, Y: -0.28}},
	}
	kept := func(deep int) (int, int) {
		b := expert.Budget
		b.Deep = deep
		adv := clearanceSearch(t, pieces, b, expert.Noise)
		sweeps := 0
		for _, a := range adv {
			if a.Kind == Sweep {
				sweeps++
			}
		}
		return len(adv), sweeps
	}
	shallow, shallowSweeps := kept(len(pieces) - 1)
	deep, deepSweeps := kept(len(pieces))
	if shallow > expert.Budget.Keep || deep <= shallow || deep > 2*expert.Budget.Keep {
		t.Errorf("kept %d candidates shallow, %d deep; Keep is %d", shallow, deep, expert.Budget.Keep)
	}
	if deepSweeps <= shallowSweeps {
		t.Errorf("the deep search kept %d sweep shots, the shallow one %d", deepSweeps, shallowSweeps)
	}
}

// misses counts what the clearance left is expected to cost, whatever the
// order the pieces go in: a sure coin next to a pocket costs nearly
// nothing, two apart cost what each costs alone, the queen one stroke
// more, and a queen awaiting its cover the chance that the surest shot
// fails to cover it.
func TestClearanceMisses(t *testing.T) {
	expert := mustLevel(t, "expert")
	g, n := newGeo(physics.Default()), expert.Noise
	P := g.pockets[nearRight]
	sitter := board.Piece{ID: "w1", Kind: board.White, Pos: P.Add(P.Unit().Scale(-0.06))}
	far := board.Piece{ID: "b1", Kind: board.Black, Pos: board.Vec{X: -0.2, Y: 0.05}}
	queen := board.Piece{ID: "q", Kind: board.Queen, Pos: far.Pos}
	cost := func(pending bool, pieces ...board.Piece) float64 { return misses(&g, pieces, pending, n) }
	sit, fa := cost(false, sitter), cost(false, far)
	if got := cost(false); got != 0 {
		t.Errorf("nothing left costs %v; want 0", got)
	}
	if sit < 0 || sit > 0.01 {
		t.Errorf("a coin 6 cm from a near pocket costs %v misses; want nearly none", sit)
	}
	if fa <= sit || fa > 1/missFloor-1+1e-12 {
		t.Errorf("a coin in the middle of the far half costs %v; want more than the sitter's %v, at most %v", fa, sit, 1/missFloor-1)
	}
	if got := cost(false, sitter, far); math.Abs(got-(sit+fa)) > 1e-12 {
		t.Errorf("both cost %v; want %v + %v", got, sit, fa)
	}
	if got := cost(false, queen); math.Abs(got-(fa+1)) > 1e-12 {
		t.Errorf("the queen in the coin's place costs %v; want one more than the coin's %v", got, fa)
	}
	if got := cost(true, far); got <= fa || got > fa+1/missFloor {
		t.Errorf("the coin with the queen awaiting its cover costs %v; want more than the coin's %v, by at most %v", got, fa, 1/missFloor)
	}
	if got := cost(true, sitter); math.Abs(got-sit) > 0.01 {
		t.Errorf("the sitter with the queen awaiting its cover costs %v; want about the sitter's %v, the cover being sure", got, sit)
	}
}

// TestVariantPlacing: in point carrom and three players a due is placed by
// the player the referee names (RULES V-1, V-2), legally, where it leaves
// the player who strikes next his hardest best shot among what he may
// pocket to his profit, or his easiest when the placer strikes next.
func TestVariantPlacing(t *testing.T) {
	p := physics.Default()
	l := mustLevel(t, "expert")
	noisy := Noise{X: 0.01, Angle: 6, Speed: 0.1}
	for _, c := range []struct {
		rules   string
		players int
	}{{"point", 2}, {"three", 3}} {
		r, _ := rules.ByName(c.rules)
		tab, err := game.New(game.Config{Rules: r, Players: c.players, Physics: p})
		if err != nil {
			t.Fatal(err)
		}
		placer := New(l, 0, 1)
		striker := New(mustLevel(t, "beginner"), 0, 2)
		rnd := rand.New(rand.NewPCG(5, 6))
		placed := false
		for range 600 {
			turn := tab.ToAct()
			if turn.Need == game.NeedNothing {
				break
			}
			who := striker
			if turn.Need == game.NeedPlace {
				who = placer
			}
			a, err := who.Act(t.Context(), tab)
			if err != nil {
				t.Fatal(err)
			}
			if turn.Need == game.NeedPlace {
				if a.Kind != game.Place || a.Seat != turn.Seat {
					t.Fatalf("%s: action %+v; want seat %d to place", c.rules, a, turn.Seat)
				}
				if err := tab.PlacingLegal(a.At); err != nil {
					t.Fatalf("%s: placing at %v: %v", c.rules, a.At, err)
				}
				g := placer.s.geo
				first, _ := g.placing(tab, turn, false, l.Noise)
				g0 := tab.Match().Colourless
				next, own := tab.Base(g0.Turn), profits(g0)
				with := func(at board.Vec) float64 {
					return g.ease(append(tab.Pieces(), board.Piece{ID: "x", Kind: board.Kind(turn.Colour), Pos: at}), next, own, l.Noise)
				}
				if g0.Turn == turn.Seat && with(a.At) < with(first) || g0.Turn != turn.Seat && with(a.At) > with(first) {
					t.Errorf("%s: placer %d, next %d: placed at %v leaving ease %v; the first legal spot %v leaves %v", c.rules, turn.Seat, g0.Turn, a.At, with(a.At), first, with(first))
				}
				placed = true
			}
			if a.Kind == game.Strike {
				a.Shot = noisy.Perturb(a.Shot, p, tab.Pieces(), rnd)
			}
			if tab, _, err = tab.Apply(a); err != nil {
				t.Fatal(err)
			}
			if placed {
				break
			}
		}
		if !placed {
			t.Errorf("%s: no placing came up", c.rules)
		}
	}
}
