package ai

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/detmath"
	"github.com/carrom-game/carrom/physics"
)

// The sweep tries, from the striker positions of the grid, every
// direction on a fan that meets a piece, at a few speeds, each played
// exactly once. It finds what the geometry of the other candidates does
// not foresee: a coin driven along the frame, a kiss off a second piece, a
// hard shot whose coin rattles between the corner's frame edges and drops.
// A shot that pockets across a wide run of neighbouring directions is one
// an error of aim leaves alone, so the middles of the widest runs are kept.
const sweepRun = 3 // fewest neighbouring directions that pocket for a shot to count

// fan is how closely the sweep looks.
type fan struct {
	steps  int       // directions in a full turn
	every  int       // striker positions of the grid tried: every one, every other
	speeds []float64 // shares of the maximum speed
	keep   int       // shots the sweep adds at most
}

var (
	// coarseFan is the sweep of an ordinary stroke: 0.5° apart, from
	// every other striker position, at half and full power.
	coarseFan = fan{steps: 720, every: 2, speeds: []float64{0.5, 1}, keep: 24}
	// fineFan is the sweep of a deep search (Budget.Deep): 0.25° apart,
	// from every striker position, at six speeds.
	fineFan = fan{steps: 1440, every: 1, speeds: []float64{0.3, 0.4, 0.5, 0.65, 0.8, 1}, keep: 96}
)

// sweepLine is one striker position and speed, with the directions, as
// steps of the fan in increasing order, that the sweep tries from it.
type sweepLine struct {
	x, speed float64
	steps    []int
	turn     int // steps of the fan in a full turn
}

// sweepLines lists what the sweep simulates: from the legal striker
// positions f tries, the steps of the fan that meet a piece.
func (g *geo) sweepLines(sit *situation, f fan) []sweepLine {
	xs := g.legalXs(g.xs, sit.seat, sit.pieces)
	step := 2 * math.Pi / float64(f.steps)
	var lines []sweepLine
	meets := make([]bool, f.steps)
	for j := 0; j < len(xs); j += f.every {
		S := g.sp.StrikerAt(sit.seat, xs[j])
		clear(meets)
		for _, pc := range sit.pieces {
			d := pc.Pos.Sub(S)
			l := d.Len()
			reach := g.rs + g.sp.Radius(pc.Kind)
			if l <= reach {
				continue
			}
			mid := detmath.Atan2(d.Y, d.X)
			half := detmath.Asin(reach / l)
			for k := int(math.Floor((mid - half) / step)); k <= int(math.Ceil((mid+half)/step)); k++ {
				meets[((k%f.steps)+f.steps)%f.steps] = true
			}
		}
		var steps []int
		for k, m := range meets {
			if !m {
				continue
			}
			if sit.allows(sweepDir(float64(k) * step)) {
				steps = append(steps, k)
			}
		}
		if len(steps) == 0 {
			continue
		}
		for _, v := range f.speeds {
			lines = append(lines, sweepLine{x: xs[j], speed: v * g.p.MaxSpeed, steps: steps, turn: f.steps})
		}
	}
	return lines
}

func sweepDir(a float64) board.Vec { return board.Vec{X: detmath.Cos(a), Y: detmath.Sin(a)} }

// shot is the stroke of l in step k of the fan, from seat's base line.
func (l sweepLine) shot(seat board.Base, k int) physics.Shot {
	return physics.Shot{Base: seat, X: l.x, Dir: toShot(seat, sweepDir(float64(k)*2*math.Pi/float64(l.turn))), Speed: l.speed}
}

// sweep simulates fan f of sit and returns the middles of its widest runs
// of neighbouring directions that pocket an own piece to stay.
func (s *searcher) sweep(ctx context.Context, sit *situation, f fan) ([]candidate, error) {
	lines := s.geo.sweepLines(sit, f)
	var shots []physics.Shot
	first := make([]int, len(lines)) // index in shots of each line's first shot
	for li, l := range lines {
		first[li] = len(shots)
		for _, k := range l.steps {
			shots = append(shots, l.shot(sit.seat, k))
		}
	}
	scored := make([]bool, len(shots))
	err := s.each(ctx, len(shots), func(w *worker, i int) {
		res, err := w.stroke(sit.pieces, shots[i])
		scored[i] = err == nil && sit.judge.rule(game.Summarize(res)).scored
	})
	if err != nil {
		return nil, err
	}
	type run struct {
		line, lo, hi int // steps lo..hi of the fan, both in
	}
	var runs []run
	for li, l := range lines {
		in := scored[first[li] : first[li]+len(l.steps)]
		for k := 0; k < len(in); {
			if !in[k] {
				k++
				continue
			}
			e := k + 1
			for e < len(in) && in[e] && l.steps[e] == l.steps[e-1]+1 {
				e++
			}
			if e-k >= sweepRun {
				runs = append(runs, run{li, l.steps[k], l.steps[e-1]})
			}
			k = e
		}
	}
	slices.SortStableFunc(runs, func(a, b run) int { return cmp.Compare(b.hi-b.lo, a.hi-a.lo) })
	var cs []candidate
	for _, r := range runs[:min(f.keep, len(runs))] {
		// The middle step of a run is one of its steps: a shot that was
		// simulated and pocketed.
		cs = append(cs, candidate{shot: lines[r.line].shot(sit.seat, (r.lo+r.hi)/2), kind: Sweep, target: -1})
	}
	return cs, nil
}
