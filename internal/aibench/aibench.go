// Package aibench measures the computer players of package ai (issue 4):
// solo clearance and the scoring-stroke rate, white slams, the ladder
// between levels, and the time per decision, each with its 95 % interval.
// Every random draw follows from one seed, and the figures do not depend on
// the number of cores (only the times do).
//
//	b, err := aibench.New(aibench.Config{Physics: physics.Default(), Levels: ai.Levels(), Seed: 1, Out: os.Stdout})
//	...
//	err = b.Clearance(ctx, 10, 100)
package aibench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Config says what to measure and where to report it.
type Config struct {
	Physics physics.Params
	// Levels are measured weakest first; the last is the strongest, whose
	// matches give the tables timed and whose breaks give the slams.
	Levels []ai.Level
	// Cores run matches in parallel; 0: GOMAXPROCS.
	Cores int
	Seed  uint64
	// Out gets the report; Progress, if not nil, a progress bar.
	Out, Progress io.Writer
}

// Bench runs the measurements of one configuration; each method prints its
// section of the report.
type Bench struct {
	p        physics.Params
	levels   []ai.Level
	cores    int
	seed     uint64
	out      io.Writer
	progress io.Writer
}

// New returns the bench of cfg; it needs at least one level.
func New(cfg Config) (*Bench, error) {
	if len(cfg.Levels) == 0 {
		return nil, errors.New("aibench: no level to measure")
	}
	cores := cfg.Cores
	if cores <= 0 {
		cores = runtime.GOMAXPROCS(0)
	}
	return &Bench{p: cfg.Physics, levels: cfg.Levels, cores: cores, seed: cfg.Seed, out: cfg.Out, progress: cfg.Progress}, nil
}

// Header prints the report's first line: the machine and the seed.
func (b *Bench) Header() {
	fmt.Fprintf(b.out, "carrom bench ai: %s %s/%s, %d cores, seed %d\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, b.cores, b.seed)
}

func (b *Bench) bar(n int, what string) *progressbar.ProgressBar {
	w := b.progress
	if w == nil {
		w = io.Discard
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetVisibility(b.progress != nil),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(200*time.Millisecond),
	)
}

// pool runs job(i) for i in [0, n) on one goroutine per core; each job
// writes only its own result slot, so the outcome is the same on any
// number of cores. Every goroutine returns when the jobs run out.
func (b *Bench) pool(n int, what string, job func(i int) error) error {
	bar := b.bar(n, what)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(b.cores, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = job(i)
				bar.Add(1)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	bar.Finish()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Clearance plays n solo clearances from the break per level, under
// Carrom_rl's noise and under the level's own (sections 1-2 of the report);
// a clearance not done in maxStrokes counts as maxStrokes.
func (b *Bench) Clearance(ctx context.Context, n, maxStrokes int) error {
	type cfg struct {
		name      string
		plan      ai.Level
		exec      ai.Noise
		level, rl bool
	}
	var cfgs []cfg
	for _, l := range b.levels {
		cfgs = append(cfgs, cfg{name: l.Name, plan: ai.Level{Name: l.Name, Budget: l.Budget, Noise: ai.CarromRL()}, exec: ai.CarromRL(), rl: true})
	}
	for _, l := range b.levels {
		cfgs = append(cfgs, cfg{name: l.Name, plan: l, exec: l.Noise, level: true})
	}
	res := make([]ai.Clearance, len(cfgs)*n)
	err := b.pool(len(res), "solo clearance", func(i int) error {
		c := cfgs[i/n]
		r, err := ai.Clear(ctx, b.p, c.plan, c.exec, 1, maxStrokes, b.seed*1_000_003+uint64(i%n))
		res[i] = r
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(b.out, "\n1-2. solo clearance from the break, %d boards each, limit %d strokes (one not cleared counts as the limit)\n", n, maxStrokes)
	fmt.Fprintf(b.out, "%-10s %-22s %18s %9s %10s %20s\n", "level", "noise", "strokes (95% CI)", "cleared", "median", "scoring rate (95% CI)")
	for ci, c := range cfgs {
		noise := "own (level)"
		if c.rl {
			noise = "Carrom_rl"
		}
		var xs, played, scoring []float64
		cleared := 0
		for _, r := range res[ci*n : (ci+1)*n] {
			x := float64(maxStrokes)
			if r.Cleared {
				x = float64(r.Strokes)
				cleared++
			}
			xs = append(xs, x)
			played = append(played, float64(r.Strokes))
			scoring = append(scoring, float64(r.Scoring))
		}
		mean, half := meanCI(xs)
		rate, rateHalf := ratioCI(scoring, played)
		fmt.Fprintf(b.out, "%-10s %-22s %9.1f ± %-6.1f %4d/%-4d %10.0f %12.1f ± %.1f%%\n", c.name, noise, mean, half, cleared, n, median(xs), 100*rate, 100*rateHalf)
	}
	return nil
}

func (b *Bench) newTable() (game.Table, error) {
	return game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: b.p})
}

// Slam plays the strongest level's first turn from the break, under its own noise,
// with nobody else striking: a white slam (RULES SC-5) is a board it wins
// in that turn.
func (b *Bench) Slam(ctx context.Context, n int) error {
	l := b.levels[len(b.levels)-1]
	type first struct {
		slam    bool
		strokes int
		scoring int
	}
	res := make([]first, n)
	err := b.pool(n, "white slams", func(i int) error {
		t, err := b.newTable()
		if err != nil {
			return err
		}
		seed := b.seed*1_000_033 + uint64(i)
		players := []ai.Player{ai.New(l, 1, seed), ai.New(l, 1, seed+1)}
		firstTurn := func(t game.Table, r ai.Transcript) bool {
			turn := t.ToAct()
			return len(r.Boards) > 0 || (turn.Need == game.NeedStrike && turn.Seat != 0)
		}
		_, rec, err := ai.Play(ctx, t, players, []ai.Noise{l.Noise, l.Noise}, seed, firstTurn)
		if err != nil {
			return err
		}
		res[i] = first{strokes: rec.Strokes[0], scoring: rec.Scoring[0]}
		res[i].slam = len(rec.Boards) > 0 && rec.Boards[0].Slam == "white" && rec.Boards[0].Winner == 0
		return nil
	})
	if err != nil {
		return err
	}
	slams, strokes, scoring := 0, 0, 0
	for _, r := range res {
		if r.slam {
			slams++
		}
		strokes += r.strokes
		scoring += r.scoring
	}
	lo, hi := wilson(slams, n)
	fmt.Fprintf(b.out, "\n3. white slams: %s breaking under its own noise, no opponent, %d boards\n", l.Name, n)
	fmt.Fprintf(b.out, "slams %d/%d = %.1f%% (95%% CI %.1f–%.1f%%); first turn %.1f strokes on average, %.1f%% of them scoring\n",
		slams, n, 100*float64(slams)/float64(n), 100*lo, 100*hi, float64(strokes)/float64(n), 100*float64(scoring)/float64(max(strokes, 1)))
	return nil
}

// Ladder plays each level against the next, whole ICF matches, the lower
// level breaking first in every other match, until at least n boards have
// ended. Matches run in parallel, each player's search on one core, in
// batches of one match per core; only the first matches in seed order that
// reach n boards count, so the figures do not depend on the number of
// cores.
func (b *Bench) Ladder(ctx context.Context, n int) error {
	fmt.Fprintf(b.out, "\n4. ladder: each level against the next, whole ICF matches, at least %d boards a pair\n", n)
	fmt.Fprintf(b.out, "%-18s %7s %9s %23s %9s %11s %19s\n", "low v high", "boards", "high won", "high's share (95% CI)", "matches", "points", "scoring low / high")
	for k := 0; k+1 < len(b.levels); k++ {
		lo, hi := b.levels[k], b.levels[k+1]
		var played []ladderMatch
		total := 0
		for batch := 0; total < n; batch++ {
			more := make([]ladderMatch, b.cores)
			err := b.pool(len(more), fmt.Sprintf("%s v %s, %d/%d boards", lo.Name, hi.Name, total, n), func(i int) error {
				var err error
				more[i], err = b.ladderMatch(ctx, lo, hi, batch*b.cores+i)
				return err
			})
			if err != nil {
				return err
			}
			for _, m := range more {
				if total >= n {
					break
				}
				played = append(played, m)
				total += m.boards
			}
		}
		var sum ladderMatch
		matches := 0
		for _, m := range played {
			sum.boards += m.boards
			for s := range 2 {
				sum.won[s] += m.won[s]
				sum.points[s] += m.points[s]
				sum.strokes[s] += m.strokes[s]
				sum.scoring[s] += m.scoring[s]
			}
			if m.highWon {
				matches++
			}
		}
		decided := sum.won[0] + sum.won[1]
		l, h := wilson(sum.won[1], decided)
		fmt.Fprintf(b.out, "%-18s %7d %9d %8.1f%% (%4.1f–%4.1f%%) %4d–%-4d %5d–%-5d %8.1f%% / %.1f%%\n",
			lo.Name+" v "+hi.Name, sum.boards, sum.won[1], 100*float64(sum.won[1])/float64(max(decided, 1)), 100*l, 100*h,
			len(played)-matches, matches, sum.points[0], sum.points[1],
			100*float64(sum.scoring[0])/float64(max(sum.strokes[0], 1)), 100*float64(sum.scoring[1])/float64(max(sum.strokes[1], 1)))
	}
	return nil
}

// ladderMatch is one match of the ladder; index 0 is the lower level,
// 1 the higher, whichever seat each had.
type ladderMatch struct {
	boards           int
	won, points      [2]int
	strokes, scoring [2]int
	highWon          bool
}

func (b *Bench) ladderMatch(ctx context.Context, lo, hi ai.Level, m int) (ladderMatch, error) {
	t, err := b.newTable()
	if err != nil {
		return ladderMatch{}, err
	}
	seed := b.seed*1_000_081 + uint64(m)*7
	levels := [2]ai.Level{lo, hi}
	// The side of the lower level: it breaks the first board in even matches.
	low := rules.Side(m % 2)
	var players []ai.Player
	var noises []ai.Noise
	for s := range 2 {
		l := levels[0]
		if rules.Side(s) != low {
			l = levels[1]
		}
		players = append(players, ai.New(l, 1, seed+uint64(s)))
		noises = append(noises, l.Noise)
	}
	end, rec, err := ai.Play(ctx, t, players, noises, seed+2, nil)
	if err != nil {
		return ladderMatch{}, err
	}
	idx := func(s rules.Side) int {
		if s == low {
			return 0
		}
		return 1
	}
	out := ladderMatch{boards: len(rec.Boards), highWon: idx(end.Match().Winner) == 1}
	for _, bd := range rec.Boards {
		if bd.Winner != rules.NoSide {
			out.won[idx(bd.Winner)]++
			out.points[idx(bd.Winner)] += bd.Points
		}
	}
	for s := range 2 {
		out.strokes[idx(rules.Side(s))] = rec.Strokes[s]
		out.scoring[idx(rules.Side(s))] = rec.Scoring[s]
	}
	return out, nil
}

// Timing times each level's decisions on tables from matches of the
// strongest level against itself, with the search on one core and on all.
func (b *Bench) Timing(ctx context.Context, n int) error {
	expert := b.levels[len(b.levels)-1]
	var tables []game.Table
	for m := 0; len(tables) < n; m++ {
		t, err := b.newTable()
		if err != nil {
			return err
		}
		seed := b.seed*1_000_099 + uint64(m)
		collect := func(t game.Table, _ ai.Transcript) bool {
			if t.ToAct().Need == game.NeedStrike {
				tables = append(tables, t)
			}
			return len(tables) >= n
		}
		pl := []ai.Player{ai.New(expert, 0, seed), ai.New(expert, 0, seed+1)}
		if _, _, err := ai.Play(ctx, t, pl, []ai.Noise{expert.Noise, expert.Noise}, seed, collect); err != nil {
			return err
		}
	}
	fmt.Fprintf(b.out, "\n5. time per decision, %d strokes from %s matches (the first a break)\n", n, expert.Name)
	fmt.Fprintf(b.out, "%-10s %14s %14s %14s %14s\n", "level", "1 core mean", "1 core max", fmt.Sprintf("%d cores mean", b.cores), fmt.Sprintf("%d cores max", b.cores))
	bar := b.bar(2*len(b.levels)*n, "time per decision")
	for _, l := range b.levels {
		var cols []time.Duration
		for _, cores := range []int{1, b.cores} {
			prev := runtime.GOMAXPROCS(cores)
			p := ai.New(l, cores, b.seed)
			var sum, worst time.Duration
			for _, t := range tables {
				start := time.Now()
				if _, err := p.Act(ctx, t); err != nil {
					runtime.GOMAXPROCS(prev)
					return err
				}
				d := time.Since(start)
				sum += d
				worst = max(worst, d)
				bar.Add(1)
			}
			runtime.GOMAXPROCS(prev)
			cols = append(cols, sum/time.Duration(len(tables)), worst)
		}
		fmt.Fprintf(b.out, "%-10s %14s %14s %14s %14s\n", l.Name, ms(cols[0]), ms(cols[1]), ms(cols[2]), ms(cols[3]))
	}
	bar.Finish()
	return nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1e3) }
