package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func init() {
	register(command{
		name:    "loadtest",
		summary: "play many tables against a server over WebSockets on loopback and report latency",
		run:     runLoadtest,
	})
}

// loadtest limits: it always stops by itself.
const (
	maxLoadTables   = 5000
	maxLoadDuration = 30 * time.Minute
)

func runLoadtest(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("loadtest", stderr)
	tables := fs.Int("tables", 1000, fmt.Sprintf("concurrent tables, at most %d", maxLoadTables))
	interval := fs.Duration("interval", 2*time.Second, "time between strokes at each table")
	duration := fs.Duration("duration", time.Minute, fmt.Sprintf("how long to play once every table is seated, at most %v", maxLoadDuration))
	url := fs.String("url", "", "server to load, on loopback; empty: start carrom serve in a temporary data directory")
	seed := fs.Uint64("seed", 1, "seed of the players' shots")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *tables < 1 || *tables > maxLoadTables || *duration <= 0 || *duration > maxLoadDuration || *interval <= 0 {
		fmt.Fprintf(stderr, "carrom loadtest: want 1..%d tables, a duration up to %v and a positive interval\n", maxLoadTables, maxLoadDuration)
		return 2
	}
	base := *url
	if base == "" {
		srv, err := startServer(stderr)
		if err != nil {
			fmt.Fprintf(stderr, "carrom loadtest: %v\n", err)
			return 1
		}
		defer srv.stop()
		base = srv.url
	} else if !loopback(base) {
		fmt.Fprintf(stderr, "carrom loadtest: %s is not on loopback: only a server on this machine may be loaded\n", base)
		return 2
	}
	rep, err := loadTest(context.Background(), base, *tables, *interval, *duration, *seed, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "carrom loadtest: %v\n", err)
		return 1
	}
	rep.print(stdout)
	return 0
}

func loopback(url string) bool {
	for _, p := range []string{"http://127.", "http://localhost:", "http://[::1]:"} {
		if strings.HasPrefix(url, p) {
			return true
		}
	}
	return false
}

// child is a carrom serve process started for the test.
type child struct {
	cmd  *exec.Cmd
	url  string
	data string
}

var servingLine = regexp.MustCompile(`serving on (http://\S+)/`)

// startServer runs this binary's serve command on a free loopback port
// with a fresh data directory.
func startServer(stderr io.Writer) (*child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	data, err := os.MkdirTemp("", "carrom-loadtest-")
	if err != nil {
		return nil, err
	}
	return startServe(exe, data, stderr)
}

func startServe(exe, data string, stderr io.Writer) (*child, error) {
	cmd := exec.Command(exe, "serve", "-addr", "127.0.0.1:0", "-data", data, "-log-level", "warn")
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	m := servingLine.FindStringSubmatch(line)
	if err != nil || m == nil {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("carrom serve did not start: %q %v", line, err)
	}
	return &child{cmd: cmd, url: m[1], data: data}, nil
}

func (c *child) stop() {
	c.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
	os.RemoveAll(c.data)
}

type loadReport struct {
	tables    int
	interval  time.Duration
	played    time.Duration
	actions   int64
	strokes   int64
	errors    int64
	latencies []time.Duration
	memBefore float64 // server resident memory, bytes
	memAfter  float64
}

func (r loadReport) print(w io.Writer) {
	slices.Sort(r.latencies)
	q := func(f float64) time.Duration {
		if len(r.latencies) == 0 {
			return 0
		}
		return r.latencies[min(len(r.latencies)-1, int(f*float64(len(r.latencies))))]
	}
	fmt.Fprintf(w, "tables %d, a stroke every %v each, played %v\n", r.tables, r.interval, r.played.Round(time.Second))
	fmt.Fprintf(w, "actions %d (%.1f/s), strokes %d (%.1f/s), refused %d\n", r.actions, float64(r.actions)/r.played.Seconds(), r.strokes, float64(r.strokes)/r.played.Seconds(), r.errors)
	fmt.Fprintf(w, "intent to broadcast: p50 %v, p90 %v, p99 %v, max %v (%d samples)\n",
		q(0.5).Round(time.Microsecond), q(0.9).Round(time.Microsecond), q(0.99).Round(time.Microsecond), q(1).Round(time.Microsecond), len(r.latencies))
	if r.memAfter > 0 {
		fmt.Fprintf(w, "server memory: %.1f MiB before the tables, %.1f MiB with them: %.1f KiB per table\n",
			r.memBefore/(1<<20), r.memAfter/(1<<20), (r.memAfter-r.memBefore)/1024/float64(r.tables))
	}
}

// serverMemory reads the server's resident memory from its /metrics.
func serverMemory(base string) float64 {
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "process_resident_memory_bytes "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return 0
}

// loadTest seats two players at each of n tables, then has every table
// play a stroke (or a placing) every interval for the duration.
func loadTest(ctx context.Context, base string, n int, interval, duration time.Duration, seed uint64, progress io.Writer) (loadReport, error) {
	rep := loadReport{tables: n, interval: interval, memBefore: serverMemory(base)}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type seated struct{ players [2]*wsPlayer }
	tabs := make([]seated, n)
	var (
		wg       sync.WaitGroup
		setupErr atomic.Value
		sem      = make(chan struct{}, 32)
	)
	for i := range tabs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := seat(ctx, base, &tabs[i].players); err != nil {
				setupErr.CompareAndSwap(nil, err)
			}
		}()
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		return rep, fmt.Errorf("seating the players: %w", err)
	}
	rep.memAfter = serverMemory(base)
	fmt.Fprintf(progress, "%d tables seated; playing for %v\n", n, duration)

	var (
		mu        sync.Mutex
		latencies []time.Duration
		actions   atomic.Int64
		strokes   atomic.Int64
		refused   atomic.Int64
	)
	playCtx, stop := context.WithTimeout(ctx, duration)
	defer stop()
	start := time.Now()
	for i := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			lat, a, s, r := playTable(playCtx, tabs[i].players, interval, rng)
			actions.Add(a)
			strokes.Add(s)
			refused.Add(r)
			mu.Lock()
			latencies = append(latencies, lat...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	rep.played = time.Since(start)
	rep.actions, rep.strokes, rep.errors, rep.latencies = actions.Load(), strokes.Load(), refused.Load(), latencies
	for _, t := range tabs {
		for _, p := range t.players {
			p.conn.CloseNow()
		}
	}
	return rep, nil
}

// seat creates a table for two humans and seats two new players at it.
func seat(ctx context.Context, base string, players *[2]*wsPlayer) error {
	for i := range players {
		p, err := newWSPlayer(base)
		if err != nil {
			return err
		}
		players[i] = p
	}
	id, err := players[0].createTable(ctx, `{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}]}`)
	if err != nil {
		return err
	}
	for i, p := range players {
		if err := p.connect(ctx, id, 0); err != nil {
			return err
		}
		if err := p.send(ctx, map[string]any{"v": 1, "type": "sit", "seat": i}); err != nil {
			return err
		}
	}
	return nil
}

type seen struct {
	from int
	msg  serverMsg
	at   time.Time
}

// playTable plays one table until ctx ends: whoever is to act moves once
// interval has passed since the last move. It returns the latencies from
// sending an intent to receiving its broadcast, and counts.
func playTable(ctx context.Context, players [2]*wsPlayer, interval time.Duration, rng *rand.Rand) (lat []time.Duration, actions, strokes, refused int64) {
	in := make(chan seen, 64)
	for i, p := range players {
		go func() {
			for {
				m, err := p.read(ctx)
				if err != nil {
					return
				}
				select {
				case in <- seen{from: i, msg: m, at: time.Now()}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	var (
		view    *tableView
		seq     int64
		sentAt  time.Time
		waiting bool // an intent is on its way
		timer   = time.NewTimer(time.Duration(rng.Int64N(int64(interval))))
		due     bool
	)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
			due = true
		case s := <-in:
			switch m := s.msg; {
			case m.Type == "error" && waiting:
				waiting = false
				refused++
			case (m.Type == "state" || m.Type == "event") && m.Seq >= seq:
				if m.Type == "event" && waiting && m.Seq == seq+1 {
					lat = append(lat, s.at.Sub(sentAt))
					waiting = false
					actions++
					if view != nil && view.ToAct.Need == "strike" {
						strokes++
					}
					timer.Reset(interval)
					due = false
				}
				seq, view = m.Seq, m.State
			}
		}
		if !due || waiting || view == nil || !view.Started || view.Over {
			continue
		}
		p := players[view.ToAct.Seat]
		sentAt, waiting = time.Now(), true
		if err := p.send(ctx, move(view, rng)); err != nil {
			if !errors.Is(err, context.Canceled) {
				refused++
			}
			return
		}
	}
}
