package ai

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/detmath"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// situation is a position seen by the player about to strike.
type situation struct {
	pieces    []board.Piece // at rest, no striker
	seat      board.Base    // base line the striker goes on
	own       kinds         // what the striker may pocket to his profit now
	brk       bool          // the break is still to be made
	backShots bool          // shots towards one's own frame are allowed (RULES ST-4)
	noise     Noise         // the noise the player plans with
	judge     judge
}

// allows reports whether the rules let the striker set off in direction d
// (RULES ST-4: under the family rules, never backwards).
func (sit *situation) allows(d board.Vec) bool {
	return sit.backShots || d.Dot(sit.seat.Forward()) > 0
}

// judge is the referee's view of one simulated stroke, from the striker's
// side.
type judge interface {
	rule(s rules.Stroke) verdict
}

// worther is a judge with a measure of its own for a stroke, which a
// player who judges the position uses instead of the verdict's value, the
// turn and the best next shot.
type worther interface {
	worth(g *geo, res physics.Result, n Noise) float64
}

// verdict is what a stroke is worth before the position it leaves is
// judged, and who strikes next.
type verdict struct {
	value  float64 // net own c/m and queen gained, less the opponent's
	scored bool    // an own c/m or a rightful queen went in to stay
	kept   bool    // the striker keeps the turn
	over   bool    // the board (or the clearance) ended
	next   board.Base
	nextOK kinds // what the next striker may pocket to his profit
}

// Weights of the evaluation. A c/m is the unit; keeping the turn is worth
// a little by itself and more by what the next stroke can do; what the
// opponent is left counts against. They were set by hand and checked with
// carrom bench ai.
const (
	wKeep     = 0.3
	wEase     = 1.0 // my best next shot, ease in [0, maxEase]
	wOppEase  = 1.0 // the opponent's best next shot
	wBoardEnd = 20  // winning or losing the board
)

// left returns the pieces still on the board after a simulated stroke.
func left(res physics.Result, buf []board.Piece) []board.Piece {
	buf = buf[:0]
	for _, d := range res.Final.Discs {
		if !d.Pocketed && d.Kind != board.Striker {
			buf = append(buf, board.Piece{ID: d.ID, Kind: d.Kind, Pos: d.Pos})
		}
	}
	return buf
}

// easeSecond is how much of the second best shot ease counts.
const easeSecond = 0.25

// maxEase is the most ease can be: a sure shot, and a sure second option.
const maxEase = 1 + easeSecond

// ease is the chance that the best simple shot succeeds for a striker on
// seat's base line who may pocket own, under noise n (see hit), with a
// little credit for a second option: 0 when there is no shot at all.
func (g *geo) ease(pieces []board.Piece, seat board.Base, own kinds, n Noise) float64 {
	first, second := 0.0, 0.0
	g.cuts(pieces, seat, own, n, func(_ int, e float64) {
		switch {
		case e > first:
			first, second = e, first
		case e > second:
			second = e
		}
	})
	return first + float64(easeSecond*second)
}

// cuts calls f once for every piece i that a striker on seat's base line
// may pocket to his profit (own) and every pocket whose way is clear, with
// the chance of the surest direct cut of i into that pocket under noise n
// (see hit): 0 when no striker position has a clear path to it.
func (g *geo) cuts(pieces []board.Piece, seat board.Base, own kinds, n Noise, f func(i int, e float64)) {
	var xs []float64
	for i, k := range g.openPockets(pieces, own) {
		c, P := pieces[i], g.pockets[k]
		dcp := P.Dist(c.Pos)
		if xs == nil {
			xs = g.legalXs(g.easeXs, seat, pieces)
		}
		gst, u := g.ghost(c.Pos, P, g.rs)
		bestHere := 0.0
		for _, x := range xs {
			S := g.sp.StrikerAt(seat, x)
			d := gst.Sub(S)
			l := d.Len()
			if l < 1e-3 {
				continue
			}
			cos := d.Scale(1 / l).Dot(u)
			if cos < 0.3 {
				continue
			}
			e := g.hit(l, dcp, cos, n)
			if e > bestHere && pathFree(S, gst, g.rs, pieces, g.sp, i, -1) {
				bestHere = e
			}
		}
		f(i, bestHere)
	}
}

// hit is the chance that a direct cut pockets its coin under noise n, by
// a small-error model: an error in the striker's line (from the angle,
// over the striker's run l, and from the position) shifts the point of
// contact sideways; that turns the line of centres, the more so the
// thinner the cut (cos is the cosine of the cut angle); and the coin's
// run dcp carries the turn to the pocket, which takes it within the
// capture radius. The floor on the noise keeps a noiseless plan from
// finding every feasible shot certain.
func (g *geo) hit(l, dcp, cos float64, n Noise) float64 {
	sa := math.Max(n.Angle, 0.3) * math.Pi / 180
	side := detmath.Hypot(l*sa, math.Max(n.X, 0.0005))
	turn := side / ((g.rs + g.rc) * math.Max(cos, 0.2))
	miss := dcp * turn
	return detmath.Erf(g.p.CaptureRadius / (miss * math.Sqrt2))
}

// breakKeep caps the candidates sampled at the break, to keep it within
// the time of an ordinary decision.
const breakKeep = 24

// worker is one goroutine's tools: its own simulator and scratch space,
// and the strokes it has simulated.
type worker struct {
	sim  *physics.Simulator
	left []board.Piece
	sims int
}

// stroke simulates sh from pieces and counts it.
func (w *worker) stroke(pieces []board.Piece, sh physics.Shot) (physics.Result, error) {
	w.sims++
	return w.sim.Stroke(pieces, sh)
}

// value simulates shot in sit and scores the outcome.
func (g *geo) value(w *worker, sit *situation, sh physics.Shot, position bool) (float64, verdict, error) {
	res, err := w.stroke(sit.pieces, sh)
	if err != nil {
		return 0, verdict{}, err
	}
	v := sit.judge.rule(game.Summarize(res))
	if wj, ok := sit.judge.(worther); ok && position {
		return wj.worth(g, res, sit.noise), v, nil
	}
	val := v.value
	if v.kept {
		val += wKeep
	}
	if position && !v.over {
		w.left = left(res, w.left)
		e := g.ease(w.left, v.next, v.nextOK, sit.noise)
		if v.kept {
			val += wEase * e
		} else {
			val -= wOppEase * e
		}
	}
	return val, v, nil
}

// Advice is one shot the search considered, with what it expects of it.
type Advice struct {
	Shot    physics.Shot
	Kind    ShotKind
	Target  string       // ID of the piece aimed at, "" for a break or a sweep
	Pocket  board.Pocket // meaningful for Direct, Rebound, Combination
	Success float64      // share of noisy samples that pocketed an own c/m (or a rightful queen) to stay
	Value   float64      // mean score over the samples, in c/m
}

// searcher runs the search on a fixed pool of workers.
type searcher struct {
	geo     geo
	workers []*worker
}

func newSearcher(p physics.Params, n int) (*searcher, error) {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	s := &searcher{geo: newGeo(p)}
	for range n {
		sim, err := physics.NewSimulator(p)
		if err != nil {
			return nil, err
		}
		s.workers = append(s.workers, &worker{sim: sim})
	}
	return s, nil
}

// simulations returns the strokes the workers have simulated since the
// last call, and starts counting again. A search simulates the same
// strokes however they fall to the workers, so the count is the same on
// every machine.
func (s *searcher) simulations() int {
	n := 0
	for _, w := range s.workers {
		n += w.sims
		w.sims = 0
	}
	return n
}

// each runs f(w, i) for i in [0, n) on the workers. f writes its result
// into slot i of a slice the caller owns, so the outcome does not depend on
// which worker ran which index. Every goroutine returns when the indices
// run out or ctx is done; each waits for all.
func (s *searcher) each(ctx context.Context, n int, f func(w *worker, i int)) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	for _, w := range s.workers[:min(len(s.workers), max(n, 1))] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(w, i)
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// search ranks the candidate shots of sit. Every candidate is simulated
// once as meant; the best b.Keep go on to b.Samples noisy repetitions (the
// same draws for each, so that they are compared on equal luck); the best
// b.Final of those get twice as many fresh draws again, because the best
// of many noisy means is the luckiest as much as the best. The result is
// sorted by mean value, best first: the finalists, then the others. With
// b.Deep pieces or fewer the sweep is the fine fan, twice as many
// candidates are kept and each is sampled four times as much.
func (s *searcher) search(ctx context.Context, sit *situation, b Budget, seed uint64) ([]Advice, error) {
	f := coarseFan
	if len(sit.pieces) <= b.Deep {
		b.Keep *= 2
		b.Samples *= 4
		f = fineFan
	}
	cs := s.geo.candidates(sit, b)
	if len(cs) == 0 {
		return nil, nil
	}
	if b.Sweep && !sit.brk {
		sw, err := s.sweep(ctx, sit, f)
		if err != nil {
			return nil, err
		}
		cs = append(cs, sw...)
	}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	first, err := s.screen(ctx, sit, b, cs, r)
	if err != nil {
		return nil, err
	}
	order := make([]int, len(cs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(first[b], first[a]) })
	keep := b.Keep
	if sit.brk {
		// A break moves all nineteen pieces and costs ten times a
		// mid-game stroke to simulate; its few candidates differ less.
		keep = min(keep, breakKeep)
	}
	order = order[:min(keep, len(order))]

	out := make([]Advice, len(order))
	for j, ci := range order {
		c := cs[ci]
		out[j] = Advice{Shot: c.shot, Kind: c.kind, Pocket: c.pocket}
		if c.target >= 0 {
			out[j].Target = sit.pieces[c.target].ID
		}
	}
	samples := max(b.Samples, 1)
	if err := s.sample(ctx, sit, b, out, samples, 0, r); err != nil {
		return nil, err
	}
	byValue := func(a, b Advice) int { return cmp.Compare(b.Value, a.Value) }
	slices.SortStableFunc(out, byValue)
	if f := min(b.Final, len(out)); f > 1 {
		if err := s.sample(ctx, sit, b, out[:f], 2*samples, samples, r); err != nil {
			return nil, err
		}
		slices.SortStableFunc(out[:f], byValue)
	}
	return out, nil
}

// screen scores every candidate: simulated as meant, or, with b.Screen,
// as the mean over that many draws of the noise (the same for each), which
// weeds out the shots that go in only when played exactly.
func (s *searcher) screen(ctx context.Context, sit *situation, b Budget, cs []candidate, r *rand.Rand) ([]float64, error) {
	shots := make([]physics.Shot, len(cs))
	for i, c := range cs {
		shots[i] = c.shot
	}
	var draws []draw
	for range b.Screen {
		draws = append(draws, drawFrom(r))
	}
	vals, _, err := s.simulate(ctx, sit, b, shots, draws)
	if err != nil {
		return nil, err
	}
	n := max(len(draws), 1)
	first := make([]float64, len(cs))
	for i := range first {
		for _, v := range vals[i*n : (i+1)*n] {
			first[i] += v
		}
		first[i] /= float64(n)
	}
	return first, nil
}

// sample simulates each advice's shot under n fresh draws of the noise
// and folds the outcome into its mean value and success, which already
// stand for prior samples.
func (s *searcher) sample(ctx context.Context, sit *situation, b Budget, adv []Advice, n, prior int, r *rand.Rand) error {
	shots := make([]physics.Shot, len(adv))
	for i, a := range adv {
		shots[i] = a.Shot
	}
	draws := make([]draw, n)
	for i := range draws {
		draws[i] = drawFrom(r)
	}
	vals, wins, err := s.simulate(ctx, sit, b, shots, draws)
	if err != nil {
		return err
	}
	for j := range adv {
		sum, won := adv[j].Value*float64(prior), adv[j].Success*float64(prior)
		for k := range n {
			sum += vals[j*n+k]
			if wins[j*n+k] {
				won++
			}
		}
		adv[j].Value = sum / float64(prior+n)
		adv[j].Success = won / float64(prior+n)
	}
	return nil
}

// simulate scores every shot under every draw of the player's noise, or
// once as meant when there are no draws; result i·len(draws)+k is shot i
// under draw k, with whether an own piece went in to stay.
func (s *searcher) simulate(ctx context.Context, sit *situation, b Budget, shots []physics.Shot, draws []draw) ([]float64, []bool, error) {
	n := max(len(draws), 1)
	vals := make([]float64, len(shots)*n)
	wins := make([]bool, len(vals))
	err := s.each(ctx, len(vals), func(w *worker, i int) {
		sh := shots[i/n]
		if len(draws) > 0 {
			sh = sit.noise.apply(sh, s.geo.p, sit.pieces, draws[i%n])
		}
		v, vd, err := s.geo.value(w, sit, sh, b.Position)
		if err != nil {
			v = math.Inf(-1)
		}
		vals[i], wins[i] = v, vd.scored
	})
	return vals, wins, err
}
