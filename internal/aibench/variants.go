package aibench

import (
	"context"
	"fmt"
	"time"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/rules"
)

// VariantLadder plays each level against the next under r, a variant
// without colours (RULES §14), whose board is its whole match: n games a
// pair, at tables of players seats, the higher level in one seat and the
// lower in every other, the higher level's seat going round the table from
// game to game so that each seat breaks as often. A game not over after
// maxStrokes strokes is adjudicated to the leader by the standing that ends
// a board which cannot go on (rules.Colourless.Leader: the most pockets,
// then the most points, then the first to reach them): the short game,
// for the levels whose whole games take too long to play a hundred. It
// reports, for each pair, the share of the games the higher level won,
// and, since with more
// than two players a level no better than the others wins 1 in players,
// the head-to-head share: of the games won by the higher level or by one
// given copy of the lower, those the higher won, which is 50 % between
// equals at any number of players (docs/variants.md). Then, for each
// level, the time and the simulations of its stroke decisions, each
// search on one core while the other cores play other games.
func (b *Bench) VariantLadder(ctx context.Context, r rules.Rules, players, n, maxStrokes int) error {
	if r.Variant == nil {
		return fmt.Errorf("aibench: %s is not a variant without colours", r.Name)
	}
	if lo, hi := r.Seats(); players < lo || players > hi {
		return fmt.Errorf("aibench: %s takes %d to %d players, not %d", r.Name, lo, hi, players)
	}
	fmt.Fprintf(b.out, "\nladder under %s (RULES %s), %d players: the higher level in one seat, the lower in the other%s, the seats in turn; %d games a pair, a game not over after %d strokes adjudicated to the leader\n",
		r.Name, r.Variant.Rule(), players, map[bool]string{true: "s", false: ""}[players > 2], n, maxStrokes)
	fmt.Fprintf(b.out, "%-18s %6s %9s %23s %23s %10s %15s\n", "low v high", "games", "high won", "high's share (95% CI)", "head to head (95% CI)", "adjudicated", "strokes a game")
	decisions := make([][]decision, len(b.levels))
	for k := 0; k+1 < len(b.levels); k++ {
		lo, hi := b.levels[k], b.levels[k+1]
		games := make([]variantGame, n)
		err := b.pool(n, fmt.Sprintf("%s: %s v %s", r.Name, lo.Name, hi.Name), func(m int) error {
			var err error
			games[m], err = b.variantGame(ctx, r, players, lo, hi, m, maxStrokes)
			return err
		})
		if err != nil {
			return err
		}
		won, adjudicated, strokes := 0, 0, 0
		for _, g := range games {
			if g.highWon {
				won++
			}
			if g.adjudicated {
				adjudicated++
			}
			strokes += g.strokes
			decisions[k] = append(decisions[k], g.low...)
			decisions[k+1] = append(decisions[k+1], g.high...)
		}
		l, h := wilson(won, n)
		share := float64(won) / float64(n)
		fmt.Fprintf(b.out, "%-18s %6d %9d %8.1f%% (%4.1f–%4.1f%%) %8.1f%% (%4.1f–%4.1f%%) %11d %15.1f\n",
			lo.Name+" v "+hi.Name, n, won, 100*share, 100*l, 100*h,
			100*headToHead(share, players), 100*headToHead(l, players), 100*headToHead(h, players),
			adjudicated, float64(strokes)/float64(n))
	}
	fmt.Fprintf(b.out, "\ntime per decision under %s: every stroke the level chose in the ladder above, each search on one core, %d games at once\n", r.Name, b.cores)
	fmt.Fprintf(b.out, "%-10s %9s %11s %11s %23s\n", "level", "decisions", "mean", "max", "simulations max (limit)")
	for i, l := range b.levels {
		ds := decisions[i]
		var sum, worst time.Duration
		most := 0
		for _, d := range ds {
			sum += d.took
			worst = max(worst, d.took)
			most = max(most, d.sims)
		}
		fmt.Fprintf(b.out, "%-10s %9d %11s %11s %13d (%7d)\n", l.Name, len(ds), ms(sum/time.Duration(max(len(ds), 1))), ms(worst), most, l.Budget.Simulations)
	}
	return nil
}

// headToHead is the share of the games won by the higher level or by one
// given copy of the lower that the higher level won, when it wins share of
// all games against players-1 copies of the lower: the others' wins are
// spread evenly over the copies, so one copy wins (1-share)/(players-1).
// It rises with share, so it maps an interval of share onto one of its own.
func headToHead(share float64, players int) float64 {
	other := (1 - share) / float64(players-1)
	if share+other == 0 {
		return 0
	}
	return share / (share + other)
}

// decision is one stroke a level chose: how long it took and how many
// strokes its search simulated.
type decision struct {
	took time.Duration
	sims int
}

// timed is a computer player whose stroke decisions are timed.
type timed struct {
	c   *ai.Computer
	log []decision
}

func (p *timed) Act(ctx context.Context, t game.Table) (game.Action, error) {
	before := p.c.Simulations()
	start := time.Now()
	a, err := p.c.Act(ctx, t)
	took := time.Since(start)
	if err == nil && a.Kind == game.Strike {
		p.log = append(p.log, decision{took: took, sims: p.c.Simulations() - before})
	}
	return a, err
}

// variantGame is one game of the variant ladder.
type variantGame struct {
	adjudicated, highWon bool
	strokes              int
	low, high            []decision
}

func (b *Bench) variantGame(ctx context.Context, r rules.Rules, players int, lo, hi ai.Level, m, maxStrokes int) (variantGame, error) {
	t, err := game.New(game.Config{Rules: r, Players: players, Physics: b.p})
	if err != nil {
		return variantGame{}, err
	}
	seed := b.seed*1_000_117 + uint64(m)*11
	high := m % players
	var ps []ai.Player
	var noises []ai.Noise
	var timers []*timed
	for s := range players {
		l := lo
		if s == high {
			l = hi
		}
		p := &timed{c: ai.New(l, 1, seed+uint64(s))}
		timers = append(timers, p)
		ps = append(ps, p)
		noises = append(noises, l.Noise)
	}
	stop := func(_ game.Table, rec ai.Transcript) bool {
		n := 0
		for _, s := range rec.Strokes {
			n += s
		}
		return n >= maxStrokes
	}
	end, rec, err := ai.Play(ctx, t, ps, noises, seed+uint64(players), stop)
	if err != nil {
		return variantGame{}, err
	}
	g := variantGame{high: timers[high].log}
	for s, p := range timers {
		if s != high {
			g.low = append(g.low, p.log...)
		}
	}
	for _, s := range rec.Strokes {
		g.strokes += s
	}
	over := end.Match()
	winner := int(over.Winner)
	if over.Awaiting != rules.AwaitNothing {
		g.adjudicated, winner = true, over.Colourless.Leader()
	}
	g.highWon = winner == high
	return g, nil
}
