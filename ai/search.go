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
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// situation is a position seen by the player about to strike.
type situation struct {
	pieces    []board.Piece // at rest, no striker
	seat      board.Seat    // base line the striker goes on
	own       kinds         // what the striker may pocket to his profit now
	brk       bool          // the break is still to be made
	backShots bool          // shots towards one's own frame are allowed (RULES ST-4)
	judge     judge
}

// judge is the referee's view of one simulated stroke, from the striker's
// side.
type judge interface {
	rule(s rules.Stroke) verdict
}

// verdict is what a stroke is worth before the position it leaves is
// judged, and who strikes next.
type verdict struct {
	value  float64 // net own c/m and queen gained, less the opponent's
	scored bool    // an own c/m or a rightful queen went in to stay
	kept   bool    // the striker keeps the turn
	over   bool    // the board (or the clearance) ended
	next   board.Seat
	nextOK kinds // what the next striker may pocket to his profit
}

// Weights of the evaluation. A c/m is the unit; keeping the turn is worth
// a little by itself and more by what the next stroke can do; what the
// opponent is left counts against. They were set by hand and checked with
// carrom bench ai.
const (
	wKeep     = 0.3
	wEase     = 0.8 // my best next shot, ease in [0, 1]
	wOppEase  = 0.8 // the opponent's best next shot
	wBoardEnd = 20  // winning or losing the board
)

// summarize turns a simulated stroke into the referee's counts.
func summarize(res physics.Result) rules.Stroke {
	var s rules.Stroke
	si := -1
	for i, d := range res.Final.Discs {
		if d.Kind == board.Striker {
			si = i
			s.Striker = d.Pocketed
			continue
		}
		if !d.Pocketed {
			continue
		}
		switch d.Kind {
		case board.White:
			s.Pocketed.White++
		case board.Black:
			s.Pocketed.Black++
		case board.Queen:
			s.Pocketed.Queen = true
		}
	}
	s.Missed = true
	for _, e := range res.Events {
		if e.Kind == physics.Contact && (e.I == si || e.J == si) {
			s.Missed = false
			break
		}
	}
	return s
}

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

// ease is how good the best simple shot is for a striker on seat's base
// line who may pocket own: 1 for a straight, short, open shot, towards 0 as
// the cut gets thinner and the distances longer, 0 when there is none.
func (g *geo) ease(pieces []board.Piece, seat board.Seat, own kinds) float64 {
	bestE := 0.0
	var xs []float64
	for i, c := range pieces {
		if !own.has(c.Kind) {
			continue
		}
		for k := board.Pocket(0); k < board.Pockets; k++ {
			P := g.pockets[k]
			dcp := P.Dist(c.Pos)
			if math.Exp(-dcp/0.9) <= bestE || !pathFree(c.Pos, P, g.rc, pieces, g.sp, i, -1) {
				continue
			}
			if xs == nil {
				xs = g.legalXs(g.easeXs, seat, pieces)
			}
			gst, u := g.ghost(c.Pos, P, g.rs)
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
				e := float64(cos*cos) * math.Exp(-(l+dcp)/0.9)
				if e > bestE && pathFree(S, gst, g.rs, pieces, g.sp, i, -1) {
					bestE = e
				}
			}
		}
	}
	return bestE
}

// worker is one goroutine's tools: its own simulator and scratch space.
type worker struct {
	sim  *physics.Simulator
	left []board.Piece
}

// value simulates shot in sit and scores the outcome.
func (g *geo) value(w *worker, sit *situation, sh physics.Shot, position bool) (float64, verdict, error) {
	res, err := w.sim.Stroke(sit.pieces, sh)
	if err != nil {
		return 0, verdict{}, err
	}
	v := sit.judge.rule(summarize(res))
	val := v.value
	if v.kept {
		val += wKeep
	}
	if position && !v.over {
		w.left = left(res, w.left)
		e := g.ease(w.left, v.next, v.nextOK)
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
	Target  string       // ID of the piece aimed at, "" for a break
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

// search ranks the candidate shots of sit: every candidate is simulated
// once as meant, the best b.Keep go on to b.Samples noisy repetitions
// (the same draws for each, so that they are compared on equal luck), and
// the result is sorted by mean value, best first.
func (s *searcher) search(ctx context.Context, sit *situation, b Budget, n Noise, seed uint64) ([]Advice, error) {
	cs := s.geo.candidates(sit, b)
	if len(cs) == 0 {
		return nil, nil
	}
	first := make([]float64, len(cs))
	err := s.each(ctx, len(cs), func(w *worker, i int) {
		v, _, err := s.geo.value(w, sit, cs[i].shot, b.Position)
		if err != nil {
			v = math.Inf(-1)
		}
		first[i] = v
	})
	if err != nil {
		return nil, err
	}
	order := make([]int, len(cs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(first[b], first[a]) })
	order = order[:min(b.Keep, len(order))]

	r := rand.New(rand.NewPCG(seed, 0x5eed))
	draws := make([]draw, max(b.Samples, 1))
	for i := range draws {
		draws[i] = drawFrom(r)
	}
	vals := make([]float64, len(order)*len(draws))
	wins := make([]bool, len(vals))
	err = s.each(ctx, len(vals), func(w *worker, i int) {
		c := cs[order[i/len(draws)]]
		sh := n.apply(c.shot, s.geo.p, sit.pieces, draws[i%len(draws)])
		v, vd, err := s.geo.value(w, sit, sh, b.Position)
		if err != nil {
			v = math.Inf(-1)
		}
		vals[i], wins[i] = v, vd.scored
	})
	if err != nil {
		return nil, err
	}
	out := make([]Advice, len(order))
	for j, ci := range order {
		c := cs[ci]
		a := Advice{Shot: c.shot, Kind: c.kind, Pocket: c.pocket}
		if c.target >= 0 {
			a.Target = sit.pieces[c.target].ID
		}
		won := 0
		for k := range draws {
			a.Value += vals[j*len(draws)+k]
			if wins[j*len(draws)+k] {
				won++
			}
		}
		a.Value /= float64(len(draws))
		a.Success = float64(won) / float64(len(draws))
		out[j] = a
	}
	slices.SortStableFunc(out, func(a, b Advice) int { return cmp.Compare(b.Value, a.Value) })
	return out, nil
}
