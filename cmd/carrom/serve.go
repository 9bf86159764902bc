package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/web"
)

func init() {
	register(command{
		name:    "serve",
		summary: "run the game server (the default command)",
		run:     runServe,
	})
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stderr)
	addr := fs.String("addr", envOr("CARROM_ADDR", "127.0.0.1:8080"), "address to listen on (env CARROM_ADDR)")
	data := fs.String("data", envOr("CARROM_DATA", "carrom-data"), "data directory, holding carrom.db (env CARROM_DATA)")
	level := fs.String("log-level", envOr("CARROM_LOG_LEVEL", "info"), "log level: debug, info, warn or error (env CARROM_LOG_LEVEL)")
	grace := fs.Duration("grace", 2*time.Minute, "how long a disconnected player keeps his seat before losing the match")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(stderr, "carrom serve: log level %q: %v\n", *level, err)
		return 2
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: lvl}))
	if err := serve(log, *addr, *data, *grace, stdout); err != nil {
		log.Error("server stopped", "err", err)
		return 1
	}
	return 0
}

func serve(log *slog.Logger, addr, data string, grace time.Duration, stdout io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := os.MkdirAll(data, 0o755); err != nil {
		return err
	}
	st, err := store.OpenSQLite(ctx, data)
	if err != nil {
		return err
	}
	defer st.Close()
	params := physics.Default()
	page, err := web.New(web.Options{Spec: params.Spec, Levels: ai.LevelNames()})
	if err != nil {
		return err
	}
	srv, err := server.New(server.Config{Store: st, Log: log, Bots: bots, Physics: params, Grace: grace, Web: page})
	if err != nil {
		return err
	}
	defer srv.Close()
	if err := srv.Resume(ctx); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	httpSrv := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "carrom: serving on http://%s/ (data in %s)\n", ln.Addr(), data)
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
