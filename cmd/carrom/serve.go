package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/netip"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/internal/bus"
	"github.com/carrom-game/carrom/internal/coach"
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
		UsageText: "carrom [serve] [-addr host:port] [-data dir | -store postgres://…] [-log-level level] [-grace duration] [-pace duration] [-searches n] [-conns-per-address n] [-debug-addr host:port] [-public-url https://… -trusted-proxy addresses] [-nats nats://… -node name -lease duration]",
		Description: "Serves the browser game and its API (docs/protocol.md), keeping the games in\n" +
			"SQLite in the data directory, or in PostgreSQL with -store. It logs JSON lines\n" +
			"on stderr, the first one, \"listening\", with its URL as soon as it listens.",
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
			&cli.StringFlag{Name: "store", Value: os.Getenv("CARROM_STORE"), Usage: "PostgreSQL `URL` (postgres://…) to keep the games in instead of SQLite in the data directory (env CARROM_STORE)",
				Validator: func(v string) error {
					if v != "" && !strings.HasPrefix(v, "postgres://") && !strings.HasPrefix(v, "postgresql://") {
						return errors.New("want a postgres:// URL")
					}
					return nil
				}},
			&cli.StringFlag{Name: "nats", Value: os.Getenv("CARROM_NATS"), Usage: "NATS `URL`s (nats://…, comma-separated) of a cluster's bus: this server becomes one node of several sharing -store (env CARROM_NATS; docs/cluster.md)",
				Validator: func(v string) error {
					for _, u := range strings.Split(v, ",") {
						if v != "" && !strings.HasPrefix(u, "nats://") {
							return errors.New("want nats:// URLs")
						}
					}
					return nil
				}},
			&cli.StringFlag{Name: "node", Value: os.Getenv("CARROM_NODE"), Usage: "this node's `name` in a cluster, unique (env CARROM_NODE); default: host name and -addr"},
			&cli.DurationFlag{Name: "lease", Value: 3 * time.Second, Usage: "how long a node's lease on a table lasts unrenewed, in a cluster; renewed every third of it",
				Validator: positive},
			&cli.StringFlag{Name: "debug-addr", Usage: "loopback `address` to serve Go's profiles on (/debug/pprof/, CPU, heap, blocking and mutex); empty: none",
				Validator: func(v string) error {
					host, _, err := net.SplitHostPort(v)
					if err != nil {
						return err
					}
					if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
						return errors.New("want a loopback address: the profiles are not for the network")
					}
					return nil
				}},
			&cli.StringFlag{Name: "log-level", Value: envOr("CARROM_LOG_LEVEL", "info"), Usage: "log `level`: debug, info, warn or error (env CARROM_LOG_LEVEL)",
				Validator: func(v string) error {
					var l slog.Level
					return l.UnmarshalText([]byte(v))
				}},
			&cli.StringFlag{Name: "public-url", Value: os.Getenv("CARROM_PUBLIC_URL"), Usage: "the `URL` browsers reach the server at through a proxy (https://carrom.example): https makes the cookies Secure, and its origin passes the cross-site checks (env CARROM_PUBLIC_URL; docs/deploy.md)",
				Validator: func(v string) error {
					_, err := server.ParsePublicURL(v)
					return err
				}},
			&cli.StringFlag{Name: "trusted-proxy", Value: os.Getenv("CARROM_TRUSTED_PROXIES"), Usage: "`addresses` of the proxies in front (IPs or CIDR prefixes, comma-separated) whose X-Forwarded-For and X-Forwarded-Proto the server believes (env CARROM_TRUSTED_PROXIES)",
				Validator: func(v string) error {
					_, err := server.ParsePrefixes(v)
					return err
				}},
			&cli.DurationFlag{Name: "grace", Value: 2 * time.Minute, Usage: "how long a disconnected player keeps his seat before losing the match",
				Validator: positive},
			&cli.IntFlag{Name: "conns-per-address", Value: 128, Usage: "open WebSocket connections from one network address at most, whatever their browsers (a club behind one NAT address shares it; behind a proxy, the client's address when the proxy is named with -trusted-proxy); 0: no bound",
				Validator: func(n int) error {
					if n < 0 {
						return errors.New("want 0 or more")
					}
					return nil
				}},
			&cli.IntFlag{Name: "searches", Usage: "computer players' searches running at once on the whole server, each on one core; tables of computers only get half (0: one fewer than the cores, at least 1)",
				Validator: func(n int) error {
					if n < 0 {
						return errors.New("want 0 or more")
					}
					return nil
				}},
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
			// The environment's values, unlike the command line's, are not
			// seen by the validators.
			if _, err := server.ParsePublicURL(cmd.String("public-url")); err != nil {
				return usagef(cmd, "-public-url or CARROM_PUBLIC_URL: %v", err)
			}
			proxies, err := server.ParsePrefixes(cmd.String("trusted-proxy"))
			if err != nil {
				return usagef(cmd, "-trusted-proxy or CARROM_TRUSTED_PROXIES: %v", err)
			}
			o := serveOptions{publicURL: cmd.String("public-url"), proxies: proxies, addr: cmd.String("addr"), data: cmd.String("data"), store: cmd.String("store"),
				debugAddr: cmd.String("debug-addr"), grace: cmd.Duration("grace"), pace: cmd.Duration("pace"), searches: cmd.Int("searches"), connsPerAddress: cmd.Int("conns-per-address"),
				nats: cmd.String("nats"), node: cmd.String("node"), lease: cmd.Duration("lease")}
			if o.nats != "" && o.store == "" {
				return usagef(cmd, "-nats needs -store postgres://…: the nodes of a cluster share one database")
			}
			if err := serve(ctx, log, o); err != nil {
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

type serveOptions struct {
	addr, data, store, debugAddr string
	grace, pace                  time.Duration
	searches, connsPerAddress    int
	nats, node                   string // a cluster's bus and this node's name
	lease                        time.Duration
	publicURL                    string // the address browsers reach the server at, through a proxy
	proxies                      []netip.Prefix
}

func serve(ctx context.Context, log *slog.Logger, o serveOptions) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if o.store == "" {
		if err := os.MkdirAll(o.data, 0o755); err != nil {
			return err
		}
	}
	st, err := store.Open(ctx, o.store, o.data)
	if err != nil {
		return err
	}
	defer st.Close()
	// Listen before resuming the tables, so that a busy address is
	// reported at once; connections wait in the backlog until Serve.
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	where := []any{"url", fmt.Sprintf("http://%s/", ln.Addr()), "store", st.Dialect()}
	if o.store == "" {
		where = append(where, "data", o.data)
	}
	log.Info("listening", where...)
	if o.debugAddr != "" {
		stopDebug, err := serveDebug(o.debugAddr, log)
		if err != nil {
			return err
		}
		defer stopDebug()
	}
	params := physics.Default()
	page, err := web.New(web.Options{Spec: params.Spec, Levels: ai.LevelNames()})
	if err != nil {
		return err
	}
	coach, err := coach.New()
	if err != nil {
		return err
	}
	cfg := server.Config{Store: st, Log: log, Bots: bots, Coach: coach, Physics: params, Grace: o.grace, Pace: o.pace, Web: page, Accounts: st,
		PublicURL: o.publicURL, TrustedProxies: o.proxies, Searches: o.searches, ConnsPerAddress: o.connsPerAddress}
	if o.connsPerAddress == 0 {
		cfg.ConnsPerAddress = -1
	}
	if o.nats != "" {
		node := o.node
		if node == "" {
			host, _ := os.Hostname()
			node = host + "/" + ln.Addr().String()
		}
		b, err := bus.Connect(o.nats, node)
		if err != nil {
			return err
		}
		defer b.Close()
		cfg.Cluster = &server.Cluster{Node: node, Bus: b, Leases: st, LeaseTTL: o.lease}
		log.Info("cluster node", "node", node, "nats", o.nats, "lease", o.lease)
	}
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	if err := srv.Resume(ctx); err != nil {
		return err
	}
	httpSrv := httpServer(srv.Handler(), serverTimeouts)
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

// httpTimeouts bound how long a connection may take: to send a request,
// to take its answer, and to stay open between requests. A WebSocket's
// connection is hijacked from the HTTP server, which clears its deadlines
// (net/http), so they do not cut it.
type httpTimeouts struct{ header, read, write, idle time.Duration }

// serverTimeouts are the server's (docs/deploy.md): the write timeout
// leaves a slow link a minute for a replay of a long match, tens of
// megabytes.
var serverTimeouts = httpTimeouts{header: 10 * time.Second, read: 30 * time.Second, write: time.Minute, idle: 2 * time.Minute}

func httpServer(h http.Handler, t httpTimeouts) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: t.header, ReadTimeout: t.read, WriteTimeout: t.write, IdleTimeout: t.idle}
}

// serveDebug serves Go's profiles on addr (loopback only: they show the
// server's internals) and turns on the blocking and mutex profiles, which
// cost a little on every contended lock, so only when asked for.
func serveDebug(addr string, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	runtime.SetBlockProfileRate(int(10 * time.Microsecond))
	runtime.SetMutexProfileFraction(10)
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	log.Info("profiles", "url", fmt.Sprintf("http://%s/debug/pprof/", ln.Addr()))
	// The goroutine ends when stop closes the server.
	go srv.Serve(ln)
	return func() { srv.Close() }, nil
}
