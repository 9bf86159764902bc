package ai

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
)

// The sweep tries, from every other striker position of the grid, every
// direction on a fine fan that meets a piece, at two speeds, each played
// exactly once. It finds what the geometry of the other candidates does
// not foresee: a coin driven along the frame, a kiss off a second piece, a
// hard shot whose coin rattles between the corner's frame edges and drops.
// A shot that pockets across a wide run of neighbouring directions is one
// an error of aim leaves alone, so the middles of the widest runs are kept.
const (
	sweepSteps = 720 // directions in a full turn: 0.5° apart
	sweepRun   = 3   // fewest neighbouring directions that pocket for a shot to count
	sweepKeep  = 24  // shots the sweep adds at most
)

// sweepSpeeds are the shares of the maximum speed the sweep tries.
var sweepSpeeds = [...]float64{0.5, 1}

// sweepLine is one striker position and speed, with the directions, as
// steps of the fan in increasing order, that the sweep tries from it.
type sweepLine struct {
	x, speed float64
	steps    []int
}

// sweepLines lists what the sweep simulates: from every other legal
// striker position, the steps of the fan that meet a piece.
func (g *geo) sweepLines(sit *situation) []sweepLine {
	xs := g.legalXs(g.xs, sit.seat, sit.pieces)
	step := 2 * math.Pi / sweepSteps
	var lines []sweepLine
	for j := 0; j < len(xs); j += 2 {
		S := g.sp.StrikerAt(sit.seat, xs[j])
		var meets [sweepSteps]bool
		for _, pc := range sit.pieces {
			d := pc.Pos.Sub(S)
			l := d.Len()
			reach := g.rs + g.sp.Radius(pc.Kind)
			if l <= reach {
				continue
			}
			mid := math.Atan2(d.Y, d.X)
			half := math.Asin(reach / l)
			for k := int(math.Floor((mid - half) / step)); k <= int(math.Ceil((mid+half)/step)); k++ {
				meets[((k%sweepSteps)+sweepSteps)%sweepSteps] = true
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
		for _, f := range sweepSpeeds {
			lines = append(lines, sweepLine{x: xs[j], speed: f * g.p.MaxSpeed, steps: steps})
		}
	}
	return lines
}

func sweepDir(a float64) board.Vec { return board.Vec{X: math.Cos(a), Y: math.Sin(a)} }

// shot is the stroke of l in step k of the fan, from seat's base line.
func (l sweepLine) shot(seat board.Seat, k int) physics.Shot {
	return physics.Shot{Seat: seat, X: l.x, Dir: toShot(seat, sweepDir(float64(k)*2*math.Pi/sweepSteps)), Speed: l.speed}
}

// sweep simulates the fan of sit and returns the middles of its widest
// runs of neighbouring directions that pocket an own piece to stay.
func (s *searcher) sweep(ctx context.Context, sit *situation) ([]candidate, error) {
	lines := s.geo.sweepLines(sit)
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
		res, err := w.sim.Stroke(sit.pieces, shots[i])
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
	for _, r := range runs[:min(sweepKeep, len(runs))] {
		// The middle step of a run is one of its steps: a shot that was
		// simulated and pocketed.
		cs = append(cs, candidate{shot: lines[r.line].shot(sit.seat, (r.lo+r.hi)/2), kind: Sweep, target: -1})
	}
	return cs, nil
}
