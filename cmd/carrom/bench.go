package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/internal/aibench"
	"github.com/carrom-game/carrom/internal/physicsbench"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

func benchCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "measure a part of the engine: carrom bench physics, carrom bench ai",
		UsageText: "carrom bench physics|ai [flags]",
		Commands:  []*cli.Command{benchPhysicsCommand(s), benchAICommand(s)},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if !cmd.Args().Present() {
				return usagef(cmd, "which topic? physics or ai")
			}
			return usagef(cmd, "unknown topic %q (have physics, ai)", cmd.Args().First())
		},
	}
}

func benchPhysicsCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:  "physics",
		Usage: "strokes per second of the simulator: the full break and the mid-game corpus, one core and all",
		Flags: []cli.Flag{
			&cli.DurationFlag{Name: "time", Value: time.Second, Usage: "how long to run each measurement", Validator: positive},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			if err := physicsbench.Report(s.out, physics.Default(), cmd.Duration("time")); err != nil {
				return failed(cmd, err)
			}
			return nil
		},
	}
}

// aiSteps are the measurements of carrom bench ai, in the order -only
// names them by default.
var aiSteps = []string{"clear", "slam", "ladder", "time"}

func benchAICommand(s streams) *cli.Command {
	atLeastOne := func(n int) error {
		if n < 1 {
			return errors.New("want 1 or more")
		}
		return nil
	}
	return &cli.Command{
		Name:  "ai",
		Usage: "the computer players: solo clearance, scoring rate, slams, ladder, time per decision",
		Description: "Seeds are fixed by -seed and the sample sizes are flags, so a quick run takes\n" +
			"minutes and the published run (docs/ai.md) longer.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "clear", Value: 10, Usage: "solo clearances per level and noise model", Validator: atLeastOne},
			&cli.IntFlag{Name: "max", Value: 100, Usage: "stroke limit of a solo clearance; one not cleared counts as this many", Validator: atLeastOne},
			&cli.IntFlag{Name: "slams", Value: 20, Usage: "expert first turns from the break, for the white-slam share", Validator: atLeastOne},
			&cli.IntFlag{Name: "boards", Value: 40, Usage: "boards at least per ladder pair (whole matches are played; under a variant, games a pair)", Validator: atLeastOne},
			&cli.StringFlag{Name: "rules", Value: "icf", Usage: "icf, or a variant without colours for its ladder: point, three or pockets (docs/variants.md)",
				Validator: func(v string) error {
					if v == "icf" {
						return nil
					}
					_, err := rules.VariantByName(v)
					return err
				}},
			&cli.IntFlag{Name: "players", Usage: "players at a variant's table (default the fewest it takes: 2, or 3 for three)"},
			&cli.IntFlag{Name: "strokes", Value: 400, Usage: "strokes after which a variant's game is adjudicated to the leader (most pockets, then points): the short game", Validator: atLeastOne},
			&cli.IntFlag{Name: "decisions", Value: 12, Usage: "tables timed per level for the time per decision", Validator: atLeastOne},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of every random draw"},
			&cli.StringFlag{Name: "only", Value: strings.Join(aiSteps, ","), Usage: "measurements to run, comma-separated",
				Validator: func(v string) error {
					for _, n := range strings.Split(v, ",") {
						if !slices.Contains(aiSteps, strings.TrimSpace(n)) {
							return fmt.Errorf("unknown measurement %q (have %s)", n, strings.Join(aiSteps, ", "))
						}
					}
					return nil
				}},
			&cli.BoolFlag{Name: "quiet", Usage: "no progress bar"},
			&cli.StringFlag{Name: "levels", Usage: "levels to measure, comma-separated, weakest first (default all)",
				Validator: func(v string) error { _, err := levels(v); return err }},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			lv, err := levels(cmd.String("levels"))
			if err != nil {
				return usagef(cmd, "%v", err)
			}
			if name := cmd.String("rules"); name != "icf" {
				return benchVariant(ctx, cmd, s, lv, name)
			}
			if cmd.IsSet("players") {
				return usagef(cmd, "-players is for a variant's ladder (-rules point, three or pockets)")
			}
			b, err := newBench(cmd, s, lv)
			if err != nil {
				return err
			}
			steps := map[string]func() error{
				"clear":  func() error { return b.Clearance(ctx, cmd.Int("clear"), cmd.Int("max")) },
				"slam":   func() error { return b.Slam(ctx, cmd.Int("slams")) },
				"ladder": func() error { return b.Ladder(ctx, cmd.Int("boards")) },
				"time":   func() error { return b.Timing(ctx, cmd.Int("decisions")) },
			}
			b.Header()
			for _, name := range strings.Split(cmd.String("only"), ",") {
				name = strings.TrimSpace(name)
				if err := steps[name](); err != nil {
					return failed(cmd, fmt.Errorf("%s: %w", name, err))
				}
			}
			return nil
		},
	}
}

// newBench is the bench of levels lv that the command's -seed and -quiet
// ask for.
func newBench(cmd *cli.Command, s streams, lv []ai.Level) (*aibench.Bench, error) {
	cfg := aibench.Config{Physics: physics.Default(), Levels: lv, Seed: cmd.Uint64("seed"), Out: s.out}
	if !cmd.Bool("quiet") {
		cfg.Progress = s.err
	}
	b, err := aibench.New(cfg)
	if err != nil {
		return nil, failed(cmd, err)
	}
	return b, nil
}

// benchVariant runs the ladder of a variant without colours (carrom bench
// ai -rules point|three|pockets); the other measurements are ICF's.
func benchVariant(ctx context.Context, cmd *cli.Command, s streams, lv []ai.Level, name string) error {
	r, err := rules.ByName(name)
	if err != nil {
		return usagef(cmd, "%v", err)
	}
	if only := strings.TrimSpace(cmd.String("only")); cmd.IsSet("only") && only != "ladder" {
		return usagef(cmd, "-rules %s measures the ladder only (-only ladder), not %q", name, only)
	}
	players := cmd.Int("players")
	lo, hi := r.Seats()
	if !cmd.IsSet("players") {
		players = lo
	}
	if players < lo || players > hi {
		return usagef(cmd, "-rules %s takes %d to %d players, not %d", name, lo, hi, players)
	}
	if len(lv) < 2 {
		return usagef(cmd, "a ladder needs two levels or more")
	}
	b, err := newBench(cmd, s, lv)
	if err != nil {
		return err
	}
	b.Header()
	if err := b.VariantLadder(ctx, r, players, cmd.Int("boards"), cmd.Int("strokes")); err != nil {
		return failed(cmd, fmt.Errorf("ladder: %w", err))
	}
	return nil
}

// levels reads -levels: names, comma-separated; empty: every level.
func levels(names string) ([]ai.Level, error) {
	if names == "" {
		return ai.Levels(), nil
	}
	var out []ai.Level
	for _, n := range strings.Split(names, ",") {
		l, err := ai.LevelByName(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}
