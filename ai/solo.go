package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Clearance is the record of one solo clearance (the benchmark of the
// Carrom_rl environment): one player, striking from seat 0 every time,
// pockets all 19 pieces from the break, on a game.Table under the solo
// rule set (rules.Solo), which says how the queen is covered and what a
// pocketed striker brings back; the table puts returned pieces on the
// centre as in any match.
type Clearance struct {
	Strokes int  // strokes played
	Scoring int  // strokes that pocketed at least one c/m
	Cleared bool // every piece went in within the stroke limit
}

// soloJudge rules a simulated clearance stroke as the table t would: by
// the solo rule set's referee, and, for the position it leaves, by the
// table's own respotting (game.Table.Carry).
type soloJudge struct{ t game.Table }

func coinsOn(b rules.Board) int { return b.OnBoard.White + b.OnBoard.Black }

// soloGain is what a clearance stroke gained, in c/m: the c/m down net of
// returns, one more for the queen covered, half of one for the queen
// pocketed and awaiting its cover, and half of one lost when it returns.
func soloGain(b0, b1 rules.Board) float64 {
	g := float64(coinsOn(b0) - coinsOn(b1))
	switch {
	case b1.Queen == rules.QueenCovered && b0.Queen != rules.QueenCovered:
		g++
	case b1.Queen == rules.QueenPending && b0.Queen == rules.QueenOnBoard:
		g += 0.5
	case b0.Queen == rules.QueenPending && b1.Queen == rules.QueenOnBoard:
		g -= 0.5
	}
	return g
}

func (j soloJudge) rule(st rules.Stroke) verdict {
	m0 := j.t.Match()
	m1, rul, err := m0.Stroke(st)
	if err != nil {
		return verdict{value: -wBoardEnd, over: true}
	}
	g := soloGain(m0.Board, m1.Board)
	v := verdict{value: g, scored: g > 0, kept: true, next: 0, nextOK: kinds{true, true, true}}
	if rul.Result != nil {
		v.over = true
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
func (j soloJudge) worth(g *geo, res physics.Result, n Noise) float64 {
	next, _, err := j.t.Carry(res)
	if err != nil {
		return -wBoardEnd
	}
	b := next.Match().Board
	val := 0.0
	if coinsOn(b) < coinsOn(j.t.Match().Board) {
		val = 1
	}
	return val - misses(g, next.Pieces(), b.Queen == rules.QueenPending, n)
}

// misses is the number of strokes expected to pocket nothing before the
// clearance is finished, with pieces on the board and the queen awaiting
// its cover or not: for every piece, 1/p - 1 for p the chance of its
// surest direct cut (see hit, at least missFloor); for the queen on the
// board one more, since unless a c/m goes in with it its stroke pockets no
// c/m; and while the queen awaits its cover, the chance that the surest
// shot fails times what the queen costs once back.
func misses(g *geo, pieces []board.Piece, pending bool, n Noise) float64 {
	best := make([]float64, len(pieces))
	g.cuts(pieces, 0, kinds{true, true, true}, n, func(i int, e float64) { best[i] = max(best[i], e) })
	m, surest := 0.0, 0.0
	for i, pc := range pieces {
		m += 1/math.Max(best[i], missFloor) - 1
		if pc.Kind == board.Queen {
			m++
		}
		surest = max(surest, best[i])
	}
	if pending {
		m += (1 - surest) / missFloor
	}
	return m
}

// soloSituation is the clearance at table t seen by its player, who plans
// with noise n.
func soloSituation(t game.Table, n Noise) *situation {
	return &situation{
		pieces:    t.Pieces(),
		seat:      t.ToAct().Base,
		own:       kinds{true, true, true},
		brk:       !t.Match().Board.Broken,
		backShots: !t.Config().Rules.ForwardOnly,
		judge:     soloJudge{t},
		noise:     n,
	}
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
	t, err := game.New(game.Config{Rules: rules.Solo(), Players: 1, Physics: p})
	if err != nil {
		return Clearance{}, err
	}
	r := rand.New(rand.NewPCG(seed, 0xc1ea))
	var c Clearance
	for c.Strokes < maxStrokes {
		if t.ToAct().Need == game.NeedNothing {
			c.Cleared = true
			return c, nil
		}
		adv, err := srch.search(ctx, soloSituation(t, plan.Noise), plan.Budget, r.Uint64())
		if err != nil {
			return c, err
		}
		if len(adv) == 0 {
			return c, nil // no legal striker position: the clearance cannot go on
		}
		sh := exec.Execute(t, adv[0].Shot, r)
		next, out, err := t.Apply(game.Action{Seat: 0, Kind: game.Strike, Shot: sh})
		if err != nil {
			return c, fmt.Errorf("ai: clearance stroke %d: %w", c.Strokes+1, err)
		}
		if p := out.Stroke.Pocketed; p.White+p.Black > 0 {
			c.Scoring++
		}
		c.Strokes++
		if out.Void {
			return c, nil // no legal striker position: the clearance cannot go on
		}
		t = next
	}
	c.Cleared = t.ToAct().Need == game.NeedNothing
	return c, nil
}
