// Package loadtest drives carrom serve as browsers do: a typed client of
// its HTTP and WebSocket protocol (docs/protocol.md), which the server's
// tests use too, and a load test that seats two players at each of many
// tables and has them play, measuring the latency from an intent to its
// broadcast. It only ever loads a server on this machine, and always stops
// by itself.
//
//	rep, err := loadtest.Run(ctx, loadtest.Options{Exe: exe, Tables: 100, Interval: 2 * time.Second, Duration: time.Minute})
//	rep.Print(os.Stdout)
package loadtest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Limits of a load test: it always stops by itself.
const (
	MaxTables   = 5000
	MaxDuration = 30 * time.Minute
)

// Options of a load test.
type Options struct {
	// URL is the server to load, which must be on loopback; empty: start
	// Exe's serve command in a temporary data directory.
	URL string
	Exe string
	// Store is the started server's -store: a PostgreSQL URL, or empty
	// for SQLite in the temporary data directory.
	Store string
	// Nodes, if more than 1, starts that many carrom serve processes as
	// one cluster on Store (which must be PostgreSQL) and a three-server
	// NATS cluster in this process (NATS gives its URLs); each table is
	// created on one node, its first player connects there and its second
	// to the next node, whose intents are forwarded to the owner.
	Nodes int
	NATS  func(n int) (urls []string, stop func(), err error)
	// Tables play at once, a stroke (or a placing) every Interval each,
	// for Duration once all are seated.
	Tables   int
	Interval time.Duration
	Duration time.Duration
	// Seed draws the players' shots.
	Seed uint64
	// Progress gets a line when the tables are seated; Stderr, the
	// started server's warnings and errors.
	Progress, Stderr io.Writer
}

func (o Options) check() error {
	switch {
	case o.Tables < 1 || o.Tables > MaxTables:
		return fmt.Errorf("loadtest: %d tables, want 1 to %d", o.Tables, MaxTables)
	case o.Duration <= 0 || o.Duration > MaxDuration:
		return fmt.Errorf("loadtest: duration %v, want more than 0 and at most %v", o.Duration, MaxDuration)
	case o.Interval <= 0:
		return fmt.Errorf("loadtest: interval %v, want more than 0", o.Interval)
	case o.URL != "" && !Loopback(o.URL):
		return fmt.Errorf("loadtest: %s is not on loopback: only a server on this machine may be loaded", o.URL)
	case o.URL == "" && o.Exe == "":
		return errors.New("loadtest: no server: want a URL or the carrom binary to start one")
	case o.Nodes > 1 && (o.URL != "" || !strings.HasPrefix(o.Store, "postgres") || o.NATS == nil):
		return errors.New("loadtest: a cluster of nodes needs a PostgreSQL store to share, and starts its own servers")
	}
	return nil
}

// Run seats two players at each table of the server and has every table
// play until the duration is over, then reports.
func Run(ctx context.Context, o Options) (Report, error) {
	if err := o.check(); err != nil {
		return Report{}, err
	}
	bases := []string{o.URL}
	if o.URL == "" {
		nodes := max(o.Nodes, 1)
		var natsURLs []string
		if nodes > 1 {
			urls, stop, err := o.NATS(3)
			if err != nil {
				return Report{}, err
			}
			defer stop()
			natsURLs = urls
		}
		bases = nil
		for i := range nodes {
			data, err := os.MkdirTemp("", "carrom-loadtest-")
			if err != nil {
				return Report{}, fmt.Errorf("loadtest: %w", err)
			}
			defer os.RemoveAll(data)
			var args []string
			if o.Store != "" {
				args = []string{"-store", o.Store}
			}
			if nodes > 1 {
				args = append(args, "-nats", natsURLs[i%len(natsURLs)], "-node", fmt.Sprintf("node-%d", i))
			}
			srv, err := StartServer(o.Exe, data, o.Stderr, args...)
			if err != nil {
				return Report{}, err
			}
			defer srv.Stop()
			bases = append(bases, srv.URL)
		}
	}
	rep, err := loadTest(ctx, bases, o)
	if err != nil {
		return rep, fmt.Errorf("loadtest: %w", err)
	}
	return rep, nil
}

// Loopback reports whether url is an http URL on this machine.
func Loopback(url string) bool {
	for _, p := range []string{"http://127.", "http://localhost:", "http://[::1]:"} {
		if strings.HasPrefix(url, p) {
			return true
		}
	}
	return false
}

// Server is a carrom serve process started for a load test or a test.
type Server struct {
	// URL is where it serves, "http://127.0.0.1:PORT".
	URL     string
	cmd     *exec.Cmd
	logDone chan struct{} // closed when its stderr is read to the end
}

// StartServer runs exe's serve command on a free loopback port with the
// data directory data and the further flags args, and returns once the
// server logs its address. Its log lines at WARN and above, and anything
// else it writes on stderr, go on to stderr.
func StartServer(exe, data string, stderr io.Writer, args ...string) (*Server, error) {
	if stderr == nil {
		stderr = io.Discard
	}
	cmd := exec.Command(exe, append([]string{"serve", "-addr", "127.0.0.1:0", "-data", data, "-log-level", "info"}, args...)...)
	logs, err := cmd.StderrPipe()
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	s := &Server{cmd: cmd, logDone: make(chan struct{})}
	urlc := make(chan string, 1)
	go func() {
		defer close(s.logDone)
		defer close(urlc)
		sc := bufio.NewScanner(logs)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var rec struct{ Level, Msg, URL string }
			if json.Unmarshal(sc.Bytes(), &rec) == nil && rec.Level != "" {
				if rec.Msg == "listening" && rec.URL != "" {
					select {
					case urlc <- strings.TrimSuffix(rec.URL, "/"):
					default:
					}
				}
				if rec.Level == "DEBUG" || rec.Level == "INFO" {
					continue
				}
			}
			fmt.Fprintf(stderr, "%s\n", sc.Bytes())
		}
	}()
	url, ok := <-urlc
	if !ok {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, errors.New("loadtest: carrom serve stopped before it listened")
	}
	s.URL = url
	return s, nil
}

// Signal sends the server's process a signal: SIGSTOP and SIGCONT
// freeze and thaw it, SIGTERM asks it to hand its tables over and stop.
func (s *Server) Signal(sig os.Signal) error { return s.cmd.Process.Signal(sig) }

// Wait waits for the server's process to end, after a signal.
func (s *Server) Wait() {
	<-s.logDone
	s.cmd.Wait()
}

// Kill stops the server with SIGKILL, as a crash would.
func (s *Server) Kill() {
	s.cmd.Process.Kill()
	<-s.logDone
	s.cmd.Wait()
}

// Stop asks the server to shut down and waits for it, killing it if it
// has not stopped within 15 s.
func (s *Server) Stop() {
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { <-s.logDone; s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}

// Report is what a load test measured.
type Report struct {
	Tables    int
	Interval  time.Duration
	Played    time.Duration
	Actions   int64
	Strokes   int64
	Refused   int64
	Latencies []time.Duration // from an intent to its broadcast
	MemBefore float64         // server resident memory, bytes; 0: unknown
	MemAfter  float64
	// A cluster's: its nodes, the latencies of the intents sent to the
	// owner's node and of those forwarded to it, and each node's CPU
	// (cores used while playing).
	Nodes            int
	Local, Forwarded []time.Duration
	CPU              []float64
}

// Print writes the report.
func (r Report) Print(w io.Writer) {
	lat := slices.Sorted(slices.Values(r.Latencies))
	q := func(f float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(f*float64(len(lat))))]
	}
	fmt.Fprintf(w, "tables %d, a stroke every %v each, played %v\n", r.Tables, r.Interval, r.Played.Round(time.Second))
	fmt.Fprintf(w, "actions %d (%.1f/s), strokes %d (%.1f/s), refused %d\n", r.Actions, float64(r.Actions)/r.Played.Seconds(), r.Strokes, float64(r.Strokes)/r.Played.Seconds(), r.Refused)
	fmt.Fprintf(w, "intent to broadcast: p50 %v, p90 %v, p99 %v, max %v (%d samples)\n",
		q(0.5).Round(time.Microsecond), q(0.9).Round(time.Microsecond), q(0.99).Round(time.Microsecond), q(1).Round(time.Microsecond), len(lat))
	if r.Nodes > 1 {
		for _, part := range []struct {
			name string
			lat  []time.Duration
		}{{"at the owner's node", r.Local}, {"forwarded by another node", r.Forwarded}} {
			l := slices.Sorted(slices.Values(part.lat))
			if len(l) == 0 {
				continue
			}
			fmt.Fprintf(w, "  %s: p50 %v, p99 %v (%d samples)\n", part.name, l[len(l)/2].Round(time.Microsecond), l[min(len(l)-1, len(l)*99/100)].Round(time.Microsecond), len(l))
		}
	}
	for i, c := range r.CPU {
		fmt.Fprintf(w, "node %d: %.2f cores, %.2f ms of CPU per table per second\n", i, c, 1000*c*float64(len(r.CPU))/float64(r.Tables))
	}
	if r.MemAfter > 0 {
		fmt.Fprintf(w, "server memory: %.1f MiB before the tables, %.1f MiB with them: %.1f KiB per table\n",
			r.MemBefore/(1<<20), r.MemAfter/(1<<20), (r.MemAfter-r.MemBefore)/1024/float64(r.Tables))
	}
}

// serverMemory reads one of the server's process metrics (its resident
// memory, its CPU time) from its /metrics.
func serverMemory(ctx context.Context, base, name string) float64 {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/metrics", nil)
	if err != nil {
		return 0
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return 0
}

// player is one seated client of a load test.
type player struct {
	client *Client
	conn   *Conn
}

// loadTest seats two players at each table, then has every table play a
// stroke (or a placing) every interval for the duration.
func loadTest(ctx context.Context, bases []string, o Options) (Report, error) {
	n := o.Tables
	rep := Report{Tables: n, Interval: o.Interval, Nodes: len(bases)}
	for _, b := range bases {
		rep.MemBefore += serverMemory(ctx, b, "process_resident_memory_bytes")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tabs := make([][2]player, n)
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
			if err := seat(ctx, bases[i%len(bases)], bases[(i+1)%len(bases)], &tabs[i]); err != nil {
				setupErr.CompareAndSwap(nil, err)
			}
		}()
	}
	wg.Wait()
	defer func() {
		for _, t := range tabs {
			for _, p := range t {
				if p.conn != nil {
					p.conn.Close()
				}
			}
		}
	}()
	if err, ok := setupErr.Load().(error); ok {
		return rep, fmt.Errorf("seating the players: %w", err)
	}
	for _, b := range bases {
		rep.MemAfter += serverMemory(ctx, b, "process_resident_memory_bytes")
	}
	cpu := func() []float64 {
		var out []float64
		for _, b := range bases {
			out = append(out, serverMemory(ctx, b, "process_cpu_seconds_total"))
		}
		return out
	}
	cpuBefore := cpu()
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, "%d tables seated; playing for %v\n", n, o.Duration)
	}

	var (
		mu        sync.Mutex
		latencies []time.Duration
		forwarded []time.Duration
		actions   atomic.Int64
		strokes   atomic.Int64
		refused   atomic.Int64
	)
	playCtx, stop := context.WithTimeout(ctx, o.Duration)
	defer stop()
	start := time.Now()
	for i := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(o.Seed, uint64(i)))
			lat, fw, a, s, r := playTable(playCtx, tabs[i], o.Interval, rng)
			actions.Add(a)
			strokes.Add(s)
			refused.Add(r)
			mu.Lock()
			latencies = append(latencies, lat...)
			forwarded = append(forwarded, fw...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	rep.Played = time.Since(start)
	for i, c := range cpu() {
		rep.CPU = append(rep.CPU, (c-cpuBefore[i])/rep.Played.Seconds())
	}
	rep.Actions, rep.Strokes, rep.Refused, rep.Latencies = actions.Load(), strokes.Load(), refused.Load(), append(latencies, forwarded...)
	if len(bases) > 1 {
		rep.Local, rep.Forwarded = latencies, forwarded
	}
	return rep, nil
}

// seat creates a table for two humans on the node at base and seats two
// new players at it, the second through the node at other.
func seat(ctx context.Context, base, other string, players *[2]player) error {
	for i := range players {
		c, err := NewClient(ctx, []string{base, other}[i])
		if err != nil {
			return err
		}
		players[i].client = c
	}
	id, err := players[0].client.CreateTable(ctx, Humans(2, 0))
	if err != nil {
		return err
	}
	for i := range players {
		p := &players[i]
		if p.conn, err = p.client.Connect(ctx, id, 0); err != nil {
			return err
		}
		if err := p.conn.Send(ctx, Sit(i, "")); err != nil {
			return err
		}
	}
	return nil
}

// Move is a simple player's intent for the state: the suggested placing
// (or forgoing it when there is none), or a shot from a random legal spot
// at a random angle and power.
func Move(st *State, rng *rand.Rand) Intent {
	if st.ToAct.Need == "place" {
		if st.ToAct.PlaceHint == nil {
			return Forgo()
		}
		return Place(st.ToAct.PlaceHint[0], st.ToAct.PlaceHint[1])
	}
	r := st.ToAct.StrikerRanges[rng.IntN(len(st.ToAct.StrikerRanges))]
	x := r[0] + rng.Float64()*(r[1]-r[0])
	angle := 45 + 90*rng.Float64()
	return Strike(x, angle, 0.2+0.7*rng.Float64())
}

type seen struct {
	msg Message
	at  time.Time
}

// playTable plays one table until ctx ends: whoever is to act moves once
// interval has passed since the last move. It returns the latencies from
// sending an intent to receiving its broadcast (from the first player, at
// the node that created the table, and from the second, who may be at
// another), and counts. Its readers, one per player, return when ctx
// ends.
func playTable(ctx context.Context, players [2]player, interval time.Duration, rng *rand.Rand) (lat, second []time.Duration, actions, strokes, refused int64) {
	in := make(chan seen, 64)
	for _, p := range players {
		go func() {
			for {
				m, err := p.conn.ReadTurn(ctx)
				if err != nil {
					return
				}
				select {
				case in <- seen{msg: m, at: time.Now()}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	var (
		view    *State
		seq     int64
		sentAt  time.Time
		waiting bool // an intent is on its way
		sender  int  // its seat
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
					if sender == 0 {
						lat = append(lat, s.at.Sub(sentAt))
					} else {
						second = append(second, s.at.Sub(sentAt))
					}
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
		sentAt, waiting, sender = time.Now(), true, view.ToAct.Seat
		if err := p.conn.Send(ctx, Move(view, rng)); err != nil {
			// A send cut short by the end of the play is not a refusal.
			if ctx.Err() == nil {
				refused++
			}
			return
		}
	}
}
