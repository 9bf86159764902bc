package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Clearance is the record of one solo clearance (the benchmark of the
// Carrom_rl environment): one player, striking from seat 0 every time,
// pockets all 19 pieces from the break. Every c/m counts as his own. The
// queen must be covered by a c/m in the same or the next stroke or it
// returns to the centre (RULES Q-4); a pocketed striker brings one pocketed
// c/m back to the centre. A stroke that would pocket the last c/m while the
// queen is still to be covered leaves one of them on the centre, so that the
// queen can always be covered and the clearance finished.
type Clearance struct {
	Strokes int  // strokes played
	Scoring int  // strokes that pocketed at least one c/m
	Cleared bool // every piece went in within the stroke limit
}

// solo is the state of a clearance.
type solo struct {
	pieces  []board.Piece
	pending bool          // the queen is pocketed and awaits its cover
	down    []board.Piece // c/m pocketed and not returned, latest last
}

// soloRuling is what one stroke does under the clearance rules.
type soloRuling struct {
	returnQueen bool
	returnCoins int
	covered     bool // the queen is now covered
	pending     bool // the queen is now awaiting cover
	gain        float64
}

func (s *solo) coinsOn() int {
	n := 0
	for _, p := range s.pieces {
		if p.Kind == board.White || p.Kind == board.Black {
			n++
		}
	}
	return n
}

func (s *solo) queenOn() bool {
	for _, p := range s.pieces {
		if p.Kind == board.Queen {
			return true
		}
	}
	return false
}

func (s *solo) rule(st rules.Stroke) soloRuling {
	var r soloRuling
	n := st.Pocketed.White + st.Pocketed.Black
	rest := s.coinsOn() - n
	switch {
	case s.pending && n > 0, st.Pocketed.Queen && n > 0:
		r.covered = true
	case s.pending, st.Pocketed.Queen && rest == 0:
		r.returnQueen = true
	case st.Pocketed.Queen:
		r.pending = true
	}
	queenLeft := (s.queenOn() && !st.Pocketed.Queen) || r.returnQueen
	if n > 0 && rest == 0 && queenLeft {
		r.returnCoins++
	}
	if st.Striker && len(s.down)+n-r.returnCoins > 0 {
		r.returnCoins++
	}
	r.gain = float64(n - r.returnCoins)
	switch {
	case r.covered:
		r.gain++
	case r.pending:
		r.gain += 0.5
	case s.pending && r.returnQueen:
		r.gain -= 0.5
	}
	return r
}

func (s *solo) judge(st rules.Stroke) verdict {
	r := s.rule(st)
	n := st.Pocketed.White + st.Pocketed.Black
	over := s.coinsOn() == n && r.returnCoins == 0 && !r.returnQueen && !r.pending && (r.covered || !s.queenOn())
	v := verdict{value: r.gain, scored: r.gain > 0, kept: true, over: over, next: 0, nextOK: kinds{true, true, true}}
	if over {
		v.value += soloEnd
	}
	return v
}

// soloEnd is what finishing the clearance is worth beyond the pieces it
// pockets, to a player who does not judge the position (a player who does
// weighs every stroke by worth instead): the best position a stroke can
// leave (maxEase, the next shots at their surest) and the turn's worth
// again, so that ending always beats going on, but not by much.
const soloEnd = wKeep + wEase*maxEase

// missFloor is the least chance misses gives a piece. The small-error
// model sees no shot at a coin with no clear direct cut, which the sweep,
// the rebounds and the combinations often have anyway, and a coin blocked
// now is mostly freed by the strokes that clear the others. With a low
// floor the sum pays more for scattering blocked coins than for pocketing
// one. With two to five pieces left, the misses clearances go on to make
// lie between the sums with floors 0.8 and 0.9 (docs/ai.md).
const missFloor = 0.85

// worth judges a clearance stroke, for a player who judges the position,
// by the misses it costs: one unless it gains a c/m, and those expected to
// clear what it leaves (misses). The order in which the pieces go does not
// change that sum, so a sure coin left for later is not counted as an
// asset, as the best next shot (ease) counts it; and the end of the
// clearance leaves nothing to clear.
func (s *solo) worth(g *geo, res physics.Result, n Noise) float64 {
	next := s.after(res, g.sp)
	val := 0.0
	if len(next.down) > len(s.down) {
		val = 1
	}
	return val - next.misses(g, n)
}

// misses is the number of strokes expected to pocket nothing before the
// clearance is finished: for every piece, 1/p - 1 for p the chance of its
// surest direct cut (see hit, at least missFloor); for the queen on the
// board one more, since unless a c/m goes in with it its stroke pockets no
// c/m; and while the queen awaits its cover, the chance that the surest
// shot fails times what the queen costs once back.
func (s *solo) misses(g *geo, n Noise) float64 {
	best := make([]float64, len(s.pieces))
	g.cuts(s.pieces, 0, kinds{true, true, true}, n, func(i int, e float64) { best[i] = max(best[i], e) })
	m, surest := 0.0, 0.0
	for i, pc := range s.pieces {
		m += 1/math.Max(best[i], missFloor) - 1
		if pc.Kind == board.Queen {
			m++
		}
		surest = max(surest, best[i])
	}
	if s.pending {
		m += (1 - surest) / missFloor
	}
	return m
}

type soloJudge struct{ s *solo }

func (j soloJudge) rule(st rules.Stroke) verdict { return j.s.judge(st) }

func (j soloJudge) worth(g *geo, res physics.Result, n Noise) float64 { return j.s.worth(g, res, n) }

// apply carries out a simulated stroke on the clearance.
func (s *solo) apply(res physics.Result, sp board.Spec) { *s = s.after(res, sp) }

// after is the clearance once a simulated stroke is carried out; s is
// left as it was.
func (s *solo) after(res physics.Result, sp board.Spec) solo {
	r := s.rule(game.Summarize(res))
	down := slices.Clone(s.down)
	var on []board.Piece
	var queen board.Piece
	for _, d := range res.Final.Discs {
		pc := board.Piece{ID: d.ID, Kind: d.Kind, Pos: d.Pos}
		switch {
		case d.Kind == board.Striker:
		case !d.Pocketed:
			on = append(on, pc)
		case d.Kind == board.Queen:
			queen = pc
		default:
			down = append(down, pc)
		}
	}
	if r.returnQueen {
		if queen.ID == "" {
			queen = board.Piece{ID: "q", Kind: board.Queen}
		}
		on = append(on, spot(sp, on, queen))
	}
	for range r.returnCoins {
		c := down[len(down)-1]
		down = down[:len(down)-1]
		on = append(on, spot(sp, on, c))
	}
	return solo{pieces: on, pending: r.pending, down: down}
}

// spot puts pc on the centre circle, or as near to the centre as it can go
// without overlapping a piece (RULES Q-11, J-1): rings of growing radius are
// tried in a fixed order, so the same table always gives the same spot.
func spot(sp board.Spec, pieces []board.Piece, pc board.Piece) board.Piece {
	free := func(p board.Vec) bool {
		for _, o := range pieces {
			lim := sp.Radius(o.Kind) + sp.Radius(pc.Kind)
			if o.Pos.Sub(p).Len2() < lim*lim {
				return false
			}
		}
		return true
	}
	for ring := 0; ring < 200; ring++ {
		rad := float64(ring) * 0.002
		steps := max(1, 6*ring)
		for k := range steps {
			a := 2 * math.Pi * float64(k) / float64(steps)
			p := board.Vec{X: rad * math.Cos(a), Y: rad * math.Sin(a)}
			if free(p) {
				pc.Pos = p
				return pc
			}
		}
	}
	pc.Pos = board.Vec{}
	return pc
}

// Clear plays one solo clearance of at most maxStrokes strokes. The player
// plans with plan (its budget, and the noise it expects) and its hand
// shakes with exec; every random draw comes from seed. workers is the
// number of search goroutines (0: one per core).
func Clear(ctx context.Context, p physics.Params, plan Level, exec Noise, workers, maxStrokes int, seed uint64) (Clearance, error) {
	srch, err := newSearcher(p, workers)
	if err != nil {
		return Clearance{}, err
	}
	sim, err := physics.NewSimulator(p)
	if err != nil {
		return Clearance{}, err
	}
	r := rand.New(rand.NewPCG(seed, 0xc1ea))
	s := &solo{pieces: p.Spec.BreakArrangement(0)}
	var c Clearance
	for c.Strokes < maxStrokes {
		if len(s.pieces) == 0 && !s.pending {
			c.Cleared = true
			return c, nil
		}
		sit := &situation{pieces: s.pieces, seat: 0, own: kinds{true, true, true}, brk: c.Strokes == 0, backShots: true, judge: soloJudge{s}, noise: plan.Noise}
		adv, err := srch.search(ctx, sit, plan.Budget, r.Uint64())
		if err != nil {
			return c, err
		}
		if len(adv) == 0 {
			return c, nil // no legal striker position: the clearance cannot go on
		}
		sh := exec.Perturb(adv[0].Shot, p, s.pieces, r)
		res, err := sim.Stroke(s.pieces, sh)
		if err != nil {
			return c, fmt.Errorf("ai: clearance stroke %d: %w", c.Strokes+1, err)
		}
		st := game.Summarize(res)
		if st.Pocketed.White+st.Pocketed.Black > 0 {
			c.Scoring++
		}
		s.apply(res, p.Spec)
		c.Strokes++
	}
	c.Cleared = len(s.pieces) == 0 && !s.pending
	return c, nil
}
