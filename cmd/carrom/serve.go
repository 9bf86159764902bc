package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/web"
)

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func serveCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "serve",
		Usage:     "run the game server (the default command)",
		UsageText: "carrom [serve] [-addr host:port] [-data dir] [-log-level level] [-grace duration] [-pace duration]",
		Description: "Serves the browser game and its API (docs/protocol.md), keeping the games in\n" +
			"SQLite in the data directory. It logs JSON lines on stderr, the first one,\n" +
			"\"listening\", with its URL as soon as it listens.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: envOr("CARROM_ADDR", "127.0.0.1:8080"), Usage: "`address` to listen on (env CARROM_ADDR)",
				Validator: func(v string) error {
					_, _, err := net.SplitHostPort(v)
					return err
				}},
			&cli.StringFlag{Name: "data", Value: envOr("CARROM_DATA", "carrom-data"), Usage: "data `directory`, holding carrom.db (env CARROM_DATA)",
				Validator: func(v string) error {
					if v == "" {
						return errors.New("want a directory")
					}
					return nil
				}},
			&cli.StringFlag{Name: "log-level", Value: envOr("CARROM_LOG_LEVEL", "info"), Usage: "log `level`: debug, info, warn or error (env CARROM_LOG_LEVEL)",
				Validator: func(v string) error {
					var l slog.Level
					return l.UnmarshalText([]byte(v))
				}},
			&cli.DurationFlag{Name: "grace", Value: 2 * time.Minute, Usage: "how long a disconnected player keeps his seat before losing the match",
				Validator: positive},
			&cli.DurationFlag{Name: "pace", Value: 1200 * time.Millisecond, Usage: "how long a computer player waits, once the previous stroke has come to rest, before it plays (0: at once)",
				Validator: func(d time.Duration) error {
					if d < 0 {
						return errors.New("want a duration of zero or more")
					}
					return nil
				}},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			// A level from the environment is not seen by the flag's
			// validator, which checks only what the command line sets.
			var lvl slog.Level
			if err := lvl.UnmarshalText([]byte(cmd.String("log-level"))); err != nil {
				return usagef(cmd, "log level %q (-log-level or CARROM_LOG_LEVEL): %v", cmd.String("log-level"), err)
			}
			log := slog.New(slog.NewJSONHandler(s.err, &slog.HandlerOptions{Level: lvl}))
			if err := serve(ctx, log, cmd.String("addr"), cmd.String("data"), cmd.Duration("grace"), cmd.Duration("pace")); err != nil {
				log.Error("server stopped", "err", err)
				return failed(cmd, err)
			}
			return nil
		},
	}
}

// positive refuses a duration that is not more than zero.
func positive(d time.Duration) error {
	if d <= 0 {
		return errors.New("want a positive duration")
	}
	return nil
}

func serve(ctx context.Context, log *slog.Logger, addr, data string, grace, pace time.Duration) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := os.MkdirAll(data, 0o755); err != nil {
		return err
	}
	st, err := store.OpenSQLite(ctx, data)
	if err != nil {
		return err
	}
	defer st.Close()
	// Listen before resuming the tables, so that a busy address is
	// reported at once; connections wait in the backlog until Serve.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	log.Info("listening", "url", fmt.Sprintf("http://%s/", ln.Addr()), "data", data)
	params := physics.Default()
	page, err := web.New(web.Options{Spec: params.Spec, Levels: ai.LevelNames()})
	if err != nil {
		return err
	}
	srv, err := server.New(server.Config{Store: st, Log: log, Bots: bots, Physics: params, Grace: grace, Pace: pace, Web: page})
	if err != nil {
		return err
	}
	defer srv.Close()
	if err := srv.Resume(ctx); err != nil {
		return err
	}
	httpSrv := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- httpSrv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := httpSrv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
