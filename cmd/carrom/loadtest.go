package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/internal/bus"
	"github.com/carrom-game/carrom/internal/loadtest"
)

func loadtestCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:  "loadtest",
		Usage: "play many tables against a server over WebSockets on loopback and report latency",
		Description: "Starts carrom serve as a child process on a free loopback port with a fresh\n" +
			"data directory (or loads -url, which must be on loopback), seats two players at\n" +
			"each table and has every table play a stroke every -interval for -warmup, then\n" +
			"for -duration, which the report's figures measure.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "tables", Value: 1000, Usage: fmt.Sprintf("concurrent tables, at most %d", loadtest.MaxTables),
				Validator: func(n int) error {
					if n < 1 || n > loadtest.MaxTables {
						return fmt.Errorf("want 1 to %d", loadtest.MaxTables)
					}
					return nil
				}},
			&cli.DurationFlag{Name: "interval", Value: 2 * time.Second, Usage: "time between strokes at each table", Validator: positive},
			&cli.DurationFlag{Name: "spread", Usage: "draw each time between strokes at random within -interval give or take this, as players think for unequal times (less than -interval); 0: every wait is -interval, and tables held back together move together again",
				Validator: func(d time.Duration) error {
					if d < 0 {
						return errors.New("want 0 or more")
					}
					return nil
				}},
			&cli.DurationFlag{Name: "duration", Value: time.Minute, Usage: fmt.Sprintf("how long to play once every table is seated, at most %v", loadtest.MaxDuration),
				Validator: func(d time.Duration) error {
					if d <= 0 || d > loadtest.MaxDuration {
						return fmt.Errorf("want a positive duration up to %v", loadtest.MaxDuration)
					}
					return nil
				}},
			&cli.DurationFlag{Name: "warmup", Value: 10 * time.Second, Usage: "play this long before -duration, measured apart: every table makes its break, the costliest stroke, within the first -interval, all at once",
				Validator: func(d time.Duration) error {
					if d < 0 || d > loadtest.MaxDuration {
						return fmt.Errorf("want 0 to %v", loadtest.MaxDuration)
					}
					return nil
				}},
			&cli.StringFlag{Name: "url", Usage: "server to load, on loopback, run with -conns-per-address 0 (every player connects from loopback); empty: start carrom serve in a temporary data directory",
				Validator: func(v string) error {
					if v != "" && !loadtest.Loopback(v) {
						return errors.New("not on loopback: only a server on this machine may be loaded")
					}
					return nil
				}},
			&cli.StringFlag{Name: "store", Usage: "PostgreSQL `URL` for the started server (its -store); empty: SQLite in its data directory; needed with -nodes"},
			&cli.IntFlag{Name: "nodes", Value: 1, Usage: "carrom serve processes to start as one cluster on -store (PostgreSQL) and three NATS servers started in this process; each table's second player connects to another node than its first",
				Validator: func(n int) error {
					if n < 1 || n > 9 {
						return errors.New("want 1 to 9")
					}
					return nil
				}},
			&cli.StringFlag{Name: "nats", Usage: "with -nodes: NATS `URLs` (comma-separated) of a cluster running on its own, one per node in turn; empty: three NATS servers started in this process"},
			&cli.DurationFlag{Name: "kill", Usage: "with -nodes: SIGKILL the second node this long into the play (the warm-up included), as a crash would, and report how long each table waited for its next move (the players reconnect as browsers do); 0: none"},
			&cli.DurationFlag{Name: "lease", Usage: "with -nodes: the nodes' -lease; 0: their default"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the players' shots"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			o := loadtest.Options{
				URL: cmd.String("url"), Store: cmd.String("store"), Nodes: cmd.Int("nodes"), NATS: bus.StartLocal, Tables: cmd.Int("tables"), Interval: cmd.Duration("interval"), Spread: cmd.Duration("spread"),
				Warmup: cmd.Duration("warmup"), Duration: cmd.Duration("duration"), Kill: cmd.Duration("kill"), Lease: cmd.Duration("lease"), Seed: cmd.Uint64("seed"), Progress: s.out, Stderr: s.err,
			}
			if urls := cmd.String("nats"); urls != "" {
				o.NATS = func(int) ([]string, func(), error) { return strings.Split(urls, ","), func() {}, nil }
			}
			if o.URL == "" {
				exe, err := os.Executable()
				if err != nil {
					return failed(cmd, err)
				}
				o.Exe = exe
			}
			rep, err := loadtest.Run(ctx, o)
			if err != nil {
				return failed(cmd, err)
			}
			rep.Print(s.out)
			return nil
		},
	}
}
