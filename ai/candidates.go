package ai

import (
	"cmp"
	"math"
	"slices"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// ShotKind says how a candidate shot means to pocket.
type ShotKind int

// The kinds of candidate shot.
const (
	Direct      ShotKind = iota // the striker straight onto the coin, cut with the ghost-ball aim
	Rebound                     // the striker off a frame edge onto the coin
	Combination                 // the striker onto one coin, that coin onto the target
	Break                       // the opening stroke into the arrangement
	Safety                      // a soft touch that leaves little for the opponent
	Sweep                       // found by trying a fan of directions (see searcher.sweep)
)

var kindNames = [...]string{"direct", "rebound", "combination", "break", "safety", "sweep"}

func (k ShotKind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "ShotKind(?)"
	}
	return kindNames[k]
}

// kinds says which kinds of piece a side may pocket as its own.
type kinds [3]bool // indexed by board.White, board.Black, board.Queen

func (k kinds) has(kd board.Kind) bool { return kd >= 0 && int(kd) < len(k) && k[kd] }

// candidate is a shot worth simulating and what it aims at.
type candidate struct {
	shot   physics.Shot
	kind   ShotKind
	target int // index of the piece aimed at, or -1
	pocket board.Pocket
}

// Residual speeds, m/s, at which a target coin is planned to reach the
// pocket. A gentle one keeps the pieces where they were for the next
// stroke; a hard one forgives an error of line, since a coin that misses
// the hole by a little at speed bounces between the two frame edges of
// the corner and often falls in anyway. The last stands for a full-power
// shot. Of every change tried, adding the hard speeds shortened the solo
// clearance under Carrom_rl noise the most.
var residuals = [...]float64{0.35, 0.9, 1.8, 3.0, 4.5, 10}

// scoredX is a striker position and how well it suits a shot.
type scoredX struct {
	x, q float64
}

func best(xs []scoredX, k int) []scoredX {
	slices.SortStableFunc(xs, func(a, b scoredX) int { return cmp.Compare(b.q, a.q) })
	return xs[:min(k, len(xs))]
}

// legalXs are the striker positions of the grid that are legal among pieces.
func (g *geo) legalXs(grid []float64, seat board.Base, pieces []board.Piece) []float64 {
	var xs []float64
	for _, x := range grid {
		if g.sp.StrikerLegal(seat, x, pieces) == nil {
			xs = append(xs, x)
		}
	}
	return xs
}

// candidates lists the shots the budget lets the player consider.
func (g *geo) candidates(sit *situation, b Budget) []candidate {
	xs := g.legalXs(g.xs, sit.seat, sit.pieces)
	if len(xs) == 0 {
		return nil
	}
	if sit.brk {
		return g.breaks(sit, xs)
	}
	var cs []candidate
	add := func(kind ShotKind, target int, pk board.Pocket, x float64, dir board.Vec, speeds []float64) {
		full := false
		for _, v := range speeds {
			if v >= g.p.MaxSpeed {
				// Every speed past the maximum is the same full-power shot.
				if full {
					continue
				}
				full, v = true, g.p.MaxSpeed
			}
			cs = append(cs, candidate{
				shot: physics.Shot{Base: sit.seat, X: x, Dir: toShot(sit.seat, dir), Speed: clampSpeed(v, g.p.MaxSpeed)},
				kind: kind, target: target, pocket: pk,
			})
		}
	}
	forward := sit.allows
	var scratch []scoredX
	for i, k := range g.openPockets(sit.pieces, sit.own) {
		c, P := sit.pieces[i].Pos, g.pockets[k]
		dcp := P.Dist(c)
		vc := make([]float64, len(residuals))
		for j, r := range residuals {
			vc[j] = launch(r, dcp, g.ac)
		}
		// Direct cuts at the pocket's centre and, with b.Offsets, beside it.
		for _, off := range g.offsets(b) {
			aim := P.Add(P.Sub(c).Unit().Rot90().Scale(off))
			scratch = g.directs(sit, xs, i, k, aim, vc, b.PerTarget, forward, add, scratch)
		}
		if b.Rebounds {
			gst, u := g.ghost(c, P, g.rs)
			g.rebounds(sit, xs, i, k, gst, u, vc, forward, add)
		}
	}
	if b.Combinations {
		g.combinations(sit, xs, forward, add)
	}
	if b.Safety || len(cs) == 0 {
		g.safeties(sit, xs, forward, add)
	}
	if len(cs) == 0 {
		// Nothing to aim at from here: a firm shot straight up the board
		// still moves the pieces, and is always legal.
		add(Safety, -1, 0, xs[len(xs)/2], sit.seat.Forward(), []float64{g.p.MaxSpeed / 2})
	}
	return cs
}

// aimOffset is how far to either side of a pocket's centre a direct cut
// may aim: the pocket's jaws turn a coin that comes in off line into the
// hole as often as out of it, and not alike on both sides.
const aimOffset = 0.01

func (g *geo) offsets(b Budget) []float64 {
	if b.Offsets {
		return []float64{0, -aimOffset, aimOffset}
	}
	return []float64{0}
}

type adder func(kind ShotKind, target int, pk board.Pocket, x float64, dir board.Vec, speeds []float64)

// directs adds the direct cuts that send piece i towards aim, in pocket k,
// from the perTarget striker positions surest under the player's noise;
// between near-certain ones, the shorter run. vc are the coin's launch
// speeds for the residual speeds at the pocket. scratch is reused.
func (g *geo) directs(sit *situation, xs []float64, i int, k board.Pocket, aim board.Vec, vc []float64, perTarget int, forward func(board.Vec) bool, add adder, scratch []scoredX) []scoredX {
	c := sit.pieces[i].Pos
	gst, u := g.ghost(c, aim, g.rs)
	dcp := aim.Dist(c)
	scratch = scratch[:0]
	for _, x := range xs {
		S := g.sp.StrikerAt(sit.seat, x)
		d := gst.Sub(S)
		l := d.Len()
		if l < 1e-3 {
			continue
		}
		dh := d.Scale(1 / l)
		cos := dh.Dot(u)
		if cos < 0.2 || !forward(dh) || !pathFree(S, gst, g.rs, sit.pieces, g.sp, i, -1) {
			continue
		}
		scratch = append(scratch, scoredX{x, g.hit(l, dcp, cos, sit.noise) - float64(0.01*l)})
	}
	for _, sx := range best(scratch, perTarget) {
		S := g.sp.StrikerAt(sit.seat, sx.x)
		d := gst.Sub(S)
		cos := d.Unit().Dot(u)
		speeds := make([]float64, len(vc))
		for j, v := range vc {
			speeds[j] = launch(v/(g.kSC*cos), d.Len(), g.as)
		}
		add(Direct, i, k, sx.x, d, speeds)
	}
	return scratch
}

// rebounds adds, for each frame edge, the striker position from which a
// bounce off that edge onto the ghost-ball point is surest (by hit, over
// the whole run).
func (g *geo) rebounds(sit *situation, xs []float64, i int, k board.Pocket, gst, u board.Vec, vc []float64, forward func(board.Vec) bool, add adder) {
	dcp := g.pockets[k].Dist(sit.pieces[i].Pos)
	for e := range 4 {
		bx, bq := 0.0, math.Inf(-1)
		var bw board.Vec
		for j := 0; j < len(xs); j += 2 {
			S := g.sp.StrikerAt(sit.seat, xs[j])
			w, _, ok := g.rebound(S, gst, g.rs, e)
			if !ok || !forward(w.Sub(S)) {
				continue
			}
			cos := gst.Sub(w).Unit().Dot(u)
			if cos < 0.3 {
				continue
			}
			q := g.hit(w.Dist(S)+gst.Dist(w), dcp, cos, sit.noise)
			if q <= bq || !pathFree(S, w, g.rs, sit.pieces, g.sp, -1, -1) || !pathFree(w, gst, g.rs, sit.pieces, g.sp, i, -1) {
				continue
			}
			bx, bq, bw = xs[j], q, w
		}
		if math.IsInf(bq, -1) {
			continue
		}
		S := g.sp.StrikerAt(sit.seat, bx)
		_, factor, _ := g.rebound(S, gst, g.rs, e)
		cos := gst.Sub(bw).Unit().Dot(u)
		speeds := make([]float64, len(vc))
		for j, v := range vc {
			after := launch(v/(g.kSC*cos), gst.Dist(bw), g.as)
			speeds[j] = launch(after/factor, bw.Dist(S), g.as)
		}
		add(Rebound, i, k, bx, bw.Sub(S), speeds)
	}
}

// combinations adds shots in which the striker drives a nearby coin onto
// the target.
func (g *geo) combinations(sit *situation, xs []float64, forward func(board.Vec) bool, add adder) {
	for bi, k := range g.openPockets(sit.pieces, sit.own) {
		B, P := sit.pieces[bi], g.pockets[k]
		gB, uB := g.ghost(B.Pos, P, g.rc)
		for ai, A := range sit.pieces {
			if ai == bi || A.Pos.Dist(B.Pos) > 0.3 {
				continue
			}
			uA := gB.Sub(A.Pos).Unit()
			cos2 := uA.Dot(uB)
			if cos2 < 0.5 || !pathFree(A.Pos, gB, g.rc, sit.pieces, g.sp, ai, bi) {
				continue
			}
			gA := A.Pos.Sub(uA.Scale(g.rc + g.rs))
			bx, bq := 0.0, math.Inf(-1)
			for _, x := range xs {
				S := g.sp.StrikerAt(sit.seat, x)
				d := gA.Sub(S)
				cos1 := d.Unit().Dot(uA)
				q := cos1 - float64(0.3*d.Len())
				if cos1 < 0.3 || q <= bq || !forward(d) || !pathFree(S, gA, g.rs, sit.pieces, g.sp, ai, -1) {
					continue
				}
				bx, bq = x, q
			}
			if math.IsInf(bq, -1) {
				continue
			}
			S := g.sp.StrikerAt(sit.seat, bx)
			d := gA.Sub(S)
			cos1 := d.Unit().Dot(uA)
			speeds := make([]float64, 0, 2)
			for _, r := range residuals[1:] {
				vB := launch(r, P.Dist(B.Pos), g.ac)
				vA := launch(vB/(g.kCC*cos2), gB.Dist(A.Pos), g.ac)
				speeds = append(speeds, launch(vA/(g.kSC*cos1), d.Len(), g.as))
			}
			add(Combination, bi, k, bx, d, speeds)
		}
	}
}

// safeties adds full-face touches on every piece, soft and firm: when
// nothing can be pocketed, moving a coin a little often leaves the
// opponent nothing either, and a firmer push breaks up pieces that block
// each other's way to the pockets.
func (g *geo) safeties(sit *situation, xs []float64, forward func(board.Vec) bool, add adder) {
	for i, c := range sit.pieces {
		var sc []scoredX
		for _, x := range xs {
			S := g.sp.StrikerAt(sit.seat, x)
			d := c.Pos.Sub(S)
			gst := c.Pos.Sub(d.Unit().Scale(g.rs + g.rc))
			if !forward(d) || !pathFree(S, gst, g.rs, sit.pieces, g.sp, i, -1) {
				continue
			}
			sc = append(sc, scoredX{x, -d.Len()})
		}
		for _, sx := range best(sc, 2) {
			S := g.sp.StrikerAt(sit.seat, sx.x)
			d := c.Pos.Sub(S)
			l := d.Len() - g.rs - g.rc
			var speeds []float64
			for _, push := range [...]float64{0.04, 0.15, 0.5} {
				speeds = append(speeds, launch(launch(0, push, g.ac)/g.kSC, l, g.as))
			}
			add(Safety, i, 0, sx.x, d, speeds)
		}
	}
}

// breaks lists opening strokes: full and nearly full power into the
// arrangement from positions across the base line, aimed at the queen and
// at points a coin's breadth or two to either side of it.
func (g *geo) breaks(sit *situation, xs []float64) []candidate {
	var cs []candidate
	for j := 0; j < len(xs); j += 3 {
		S := g.sp.StrikerAt(sit.seat, xs[j])
		to := board.Vec{}.Sub(S)
		side := to.Unit().Rot90()
		for _, off := range [...]float64{-2, -1, -0.5, 0, 0.5, 1, 2} {
			d := to.Add(side.Scale(off * g.rc))
			for _, f := range [...]float64{1, 0.8} {
				cs = append(cs, candidate{
					shot: physics.Shot{Base: sit.seat, X: xs[j], Dir: toShot(sit.seat, d), Speed: f * g.p.MaxSpeed},
					kind: Break, target: -1,
				})
			}
		}
	}
	return cs
}
