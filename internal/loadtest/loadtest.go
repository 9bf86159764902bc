// Package loadtest is the load test of carrom serve: it seats two players
// at each of many tables, through the typed client of internal/servertest,
// and has them play, measuring the latency from an intent to its
// broadcast, and reading the server's own measure of it, its CPU and its
// memory from its /metrics (metrics.go). It only ever loads a server on
// this machine, and always stops by itself.
//
//	rep, err := loadtest.Run(ctx, loadtest.Options{Exe: exe, Tables: 100, Interval: 2 * time.Second, Duration: time.Minute})
//	rep.Print(os.Stdout)
package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
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
	// for Warmup and then Duration once all are seated. Every table makes
	// its break, the costliest stroke, within the first Interval, all
	// together as a club's tables do not; the moves first sent in the
	// Warmup are reported apart, and the figures of the report are those
	// of the Duration after it.
	Tables   int
	Interval time.Duration
	// Spread, if more than 0, draws each wait between moves at random
	// between Interval-Spread and Interval+Spread (the mean stays
	// Interval). Equal waits keep tables in step: every table whose
	// broadcast a busy moment held back moves again together an Interval
	// later, so a burst comes back every Interval; players think for
	// unequal times.
	Spread   time.Duration
	Warmup   time.Duration
	Duration time.Duration
	// Kill, if more than 0, SIGKILLs the second node that long into the
	// play (the warm-up included), as a crash would (a cluster's only):
	// the report then tells how long each table waited for its next
	// action.
	Kill time.Duration
	// Lease is the started nodes' -lease; 0: their default.
	Lease time.Duration
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
	case o.Warmup < 0 || o.Warmup > MaxDuration:
		return fmt.Errorf("loadtest: warm-up %v, want 0 to %v", o.Warmup, MaxDuration)
	case o.Interval <= 0:
		return fmt.Errorf("loadtest: interval %v, want more than 0", o.Interval)
	case o.Spread < 0 || o.Spread >= o.Interval:
		return fmt.Errorf("loadtest: spread %v, want 0 or more and less than the interval %v", o.Spread, o.Interval)
	case o.URL != "" && !Loopback(o.URL):
		return fmt.Errorf("loadtest: %s is not on loopback: only a server on this machine may be loaded", o.URL)
	case o.URL == "" && o.Exe == "":
		return errors.New("loadtest: no server: want a URL or the carrom binary to start one")
	case o.Nodes > 1 && (o.URL != "" || !strings.HasPrefix(o.Store, "postgres") || o.NATS == nil):
		return errors.New("loadtest: a cluster of nodes needs a PostgreSQL store to share, and starts its own servers")
	case o.Kill < 0 || o.Kill > 0 && (o.Nodes < 2 || o.Kill >= o.Warmup+o.Duration):
		return fmt.Errorf("loadtest: kill after %v: a node can be killed only in a cluster of nodes, during the play", o.Kill)
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
	var kill func()
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
			if o.Lease > 0 {
				args = append(args, "-lease", o.Lease.String())
			}
			srv, err := servertest.StartServer(o.Exe, data, o.Stderr, args...)
			if err != nil {
				return Report{}, err
			}
			defer srv.Stop()
			if i == 1 {
				kill = srv.Kill
			}
			bases = append(bases, srv.URL)
		}
	}
	rep, err := loadTest(ctx, bases, o, kill)
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

// Report is what a load test measured.
type Report struct {
	Tables   int
	Interval time.Duration
	Spread   time.Duration
	// Played is the measured play, after the warm-up; the actions, the
	// strokes, the latencies and the CPU are its. Refused counts the
	// refusals of the whole play, the warm-up's included.
	Played    time.Duration
	Actions   int64
	Strokes   int64
	Refused   int64
	Latencies []time.Duration // from an intent to its broadcast
	// The servers' own measure of the play: from reading an intent to
	// broadcasting its action, the players' parts of the way left out
	// (none if a node was killed). ServerIntents is how many they counted.
	ServerWithin  []Within
	ServerIntents int64
	// The latencies of the moves first sent during the warm-up.
	Warmup        time.Duration
	WarmLatencies []time.Duration
	// The servers' resident memory, bytes (0: unknown): before the
	// tables, with them seated, and after the play, when each table
	// holds its recent events for the clients that reconnect.
	MemBefore, MemAfter, MemPlayed float64
	// A cluster's: its nodes, the latencies of the intents sent to the
	// owner's node and of those forwarded to it, and each node's CPU
	// (cores used while playing; NaN for a node killed).
	Nodes            int
	Local, Forwarded []time.Duration
	CPU              []float64
	// Reconnects counts the players' connections made again after one
	// was closed.
	Reconnects int64
	// With Options.Kill: when the node was killed, after the start of the
	// play, and for each table the longest a move of it waited, from its
	// first sending to its broadcast, among the moves in flight at the kill
	// or sent after it (a move never answered counts until the end).
	Killed time.Duration
	Waits  []time.Duration
	// Resumed counts the tables that played a move first sent after the
	// kill.
	Resumed int
}

// Print writes the report.
func (r Report) Print(w io.Writer) {
	quantiles := func(lats []time.Duration) func(float64) time.Duration {
		lat := slices.Sorted(slices.Values(lats))
		return func(f float64) time.Duration {
			if len(lat) == 0 {
				return 0
			}
			return lat[min(len(lat)-1, int(f*float64(len(lat))))].Round(time.Microsecond)
		}
	}
	every := r.Interval.String()
	if r.Spread > 0 {
		every += " ± " + r.Spread.String()
	}
	fmt.Fprintf(w, "tables %d, a stroke every %s each, played %v after a warm-up of %v\n", r.Tables, every, r.Played.Round(time.Second), r.Warmup)
	if r.Warmup > 0 {
		q := quantiles(r.WarmLatencies)
		fmt.Fprintf(w, "warm-up, every table's break at once: intent to broadcast p50 %v, p99 %v, max %v (%d samples)\n", q(0.5), q(0.99), q(1), len(r.WarmLatencies))
		q = quantiles(append(slices.Clone(r.WarmLatencies), r.Latencies...))
		fmt.Fprintf(w, "the whole play, the warm-up's included: p50 %v, p99 %v\n", q(0.5), q(0.99))
	}
	fmt.Fprintf(w, "actions %d (%.1f/s), strokes %d (%.1f/s), refused %d (the warm-up's included)\n", r.Actions, float64(r.Actions)/r.Played.Seconds(), r.Strokes, float64(r.Strokes)/r.Played.Seconds(), r.Refused)
	q := quantiles(r.Latencies)
	fmt.Fprintf(w, "intent to broadcast: p50 %v, p90 %v, p99 %v, max %v (%d samples)\n", q(0.5), q(0.9), q(0.99), q(1), len(r.Latencies))
	if len(r.ServerWithin) > 0 {
		var shares []string
		for _, b := range r.ServerWithin {
			if b.Le >= 4*time.Millisecond && b.Le <= 128*time.Millisecond {
				shares = append(shares, fmt.Sprintf("%.2f %% within %v", 100*b.Share, b.Le))
			}
		}
		fmt.Fprintf(w, "the server's own, from reading an intent to its broadcast: %s (%d intents)\n", strings.Join(shares, ", "), r.ServerIntents)
	}
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
	if r.Reconnects > 0 {
		fmt.Fprintf(w, "reconnects %d\n", r.Reconnects)
	}
	if r.Killed > 0 {
		waits := slices.Sorted(slices.Values(r.Waits))
		over := len(waits) - sort.Search(len(waits), func(i int) bool { return waits[i] > time.Second })
		fmt.Fprintf(w, "node 1 killed %v into the play: %d of %d tables played on after it; %d waited over 1s for a move; the longest waits: p50 %v, p99 %v, max %v\n",
			r.Killed.Round(time.Second), r.Resumed, len(waits), over, waits[len(waits)/2].Round(time.Millisecond), waits[min(len(waits)-1, len(waits)*99/100)].Round(time.Millisecond), waits[len(waits)-1].Round(time.Millisecond))
	}
	for i, c := range r.CPU {
		if math.IsNaN(c) {
			fmt.Fprintf(w, "node %d: killed\n", i)
			continue
		}
		fmt.Fprintf(w, "node %d: %.2f cores, %.2f ms of CPU per table per second\n", i, c, 1000*c*float64(len(r.CPU))/float64(r.Tables))
	}
	if r.MemAfter > 0 {
		fmt.Fprintf(w, "server memory: %.1f MiB before the tables, %.1f MiB with them: %.1f KiB per table\n",
			r.MemBefore/(1<<20), r.MemAfter/(1<<20), (r.MemAfter-r.MemBefore)/1024/float64(r.Tables))
	}
	if r.MemPlayed > 0 {
		fmt.Fprintf(w, "server memory after the play: %.1f MiB, %.1f KiB per table\n", r.MemPlayed/(1<<20), (r.MemPlayed-r.MemBefore)/1024/float64(r.Tables))
	}
}

// player is one seated client of a load test; bases are the nodes it
// tries, its own first, when its connection is closed.
type player struct {
	client *servertest.Client
	conn   *servertest.Conn
	table  string
	bases  []string
}

// loadTest seats two players at each table, then has every table play a
// stroke (or a placing) every interval for the duration.
func loadTest(ctx context.Context, bases []string, o Options, kill func()) (Report, error) {
	n := o.Tables
	rep := Report{Tables: n, Interval: o.Interval, Spread: o.Spread, Nodes: len(bases)}
	rep.MemBefore = readMetrics(ctx, bases).resident()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tabs, err := seatAll(ctx, bases, n)
	defer closeAll(tabs)
	if err != nil {
		return rep, fmt.Errorf("seating the players: %w", err)
	}
	rep.MemAfter = readMetrics(ctx, bases).resident()
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, "%d tables seated; playing for %v after a warm-up of %v\n", n, o.Duration, o.Warmup)
	}
	var killedAt atomic.Pointer[time.Time]
	playCtx, stop := context.WithTimeout(ctx, o.Warmup+o.Duration)
	defer stop()
	start := time.Now()
	measured := start.Add(o.Warmup)
	atPlay := make(chan reading, 1)
	time.AfterFunc(o.Warmup, func() { atPlay <- readMetrics(ctx, bases) })
	if o.Kill > 0 && kill != nil {
		killer := time.AfterFunc(o.Kill, func() {
			now := time.Now()
			killedAt.Store(&now)
			kill()
		})
		defer killer.Stop()
	}
	t := playAll(playCtx, tabs, o, measured, &killedAt)
	rep.Played, rep.Warmup, rep.WarmLatencies = time.Since(measured), o.Warmup, t.warm
	before, after := <-atPlay, readMetrics(ctx, bases)
	hBefore, okBefore := before.intents()
	if hAfter, ok := after.intents(); ok && okBefore {
		rep.ServerWithin, rep.ServerIntents = hAfter.since(hBefore)
	}
	rep.Reconnects = t.reconnects
	if killedAt.Load() == nil {
		rep.MemPlayed = after.resident()
	}
	if k := killedAt.Load(); k != nil {
		rep.Killed, rep.Waits, rep.Resumed = k.Sub(start), t.waits, t.resumedMoves
	}
	for i, m := range after {
		if m.cpu == 0 {
			// The node is gone: killed.
			rep.CPU = append(rep.CPU, math.NaN())
			continue
		}
		rep.CPU = append(rep.CPU, (m.cpu-before[i].cpu)/rep.Played.Seconds())
	}
	rep.Actions, rep.Strokes, rep.Refused, rep.Latencies = t.actions, t.strokes, t.refused, append(t.lat, t.second...)
	if len(bases) > 1 {
		rep.Local, rep.Forwarded = t.lat, t.second
	}
	return rep, nil
}

// seatAll seats the players of n tables, 32 tables at a time; the
// players seated are returned with the first error.
func seatAll(ctx context.Context, bases []string, n int) ([][2]player, error) {
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
			if err := seat(ctx, bases, i, &tabs[i]); err != nil {
				setupErr.CompareAndSwap(nil, err)
			}
		}()
	}
	wg.Wait()
	err, _ := setupErr.Load().(error)
	return tabs, err
}

// closeAll closes the players' connections.
func closeAll(tabs [][2]player) {
	for _, t := range tabs {
		for _, p := range t {
			if p.conn != nil {
				p.conn.Close()
			}
		}
	}
}

// playAll plays every table until ctx ends, and adds up what they
// measured: the waits and the moves resumed count only once a node was
// killed.
func playAll(ctx context.Context, tabs [][2]player, o Options, measured time.Time, killedAt *atomic.Pointer[time.Time]) (all tally) {
	var (
		wg sync.WaitGroup
		mu sync.Mutex
	)
	for i := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(o.Seed, uint64(i)))
			r := playTable(ctx, tabs[i], pace{o.Interval, o.Spread}, measured, rng, killedAt)
			mu.Lock()
			all.add(r, killedAt.Load() != nil)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return all
}

// tally is the tables' plays added up.
type tally struct {
	played
	waits        []time.Duration
	resumedMoves int // the tables' with a move resumed
}

func (t *tally) add(r played, killed bool) {
	t.lat, t.second, t.warm = append(t.lat, r.lat...), append(t.second, r.second...), append(t.warm, r.warm...)
	t.actions += r.actions
	t.strokes += r.strokes
	t.refused += r.refused
	t.reconnects += r.reconnects
	if killed {
		t.waits = append(t.waits, r.wait)
		if r.resumed {
			t.resumedMoves++
		}
	}
}

// seat creates a table for two humans on node i (of bases, in turn) and
// seats two new players at it, the second through the next node.
func seat(ctx context.Context, bases []string, i int, players *[2]player) error {
	for k := range players {
		var order []string
		for n := range bases {
			order = append(order, bases[(i+k+n)%len(bases)])
		}
		c, err := servertest.NewClient(ctx, order[0])
		if err != nil {
			return err
		}
		players[k].client, players[k].bases = c, order
	}
	id, err := players[0].client.CreateTable(ctx, servertest.Humans(2, 0))
	if err != nil {
		return err
	}
	for k := range players {
		p := &players[k]
		p.table = id
		if p.conn, err = p.client.Connect(ctx, id, 0); err != nil {
			return err
		}
		if err := p.conn.Send(ctx, protocol.Sit(k, "")); err != nil {
			return err
		}
	}
	return nil
}

// seen is a message a player read, when, and by which seat; conn, if
// not nil, is instead the seat's new connection, made after its last was
// closed.
type seen struct {
	msg  servertest.Message
	at   time.Time
	seat int
	conn *servertest.Conn
}

// played is what one table's play measured.
type played struct {
	lat, second, warm                     []time.Duration
	actions, strokes, refused, reconnects int64
	wait                                  time.Duration
	resumed                               bool // a move first sent after the kill was played
}

// playTable plays one table until ctx ends: whoever is to act moves once
// its pace has passed since the last move. It returns the latencies from
// sending a move's intent to receiving its broadcast (the first player's,
// at the node that created the table, and the second's, who may be at
// another), and counts, of the moves first sent from measured on; the
// latencies of those sent before are warm, and their refusals count. A
// player whose connection is closed reconnects, as a browser does, with
// the last seq he saw, and a move lost with it is made again; a move's
// latency runs from its first sending. Its readers, one per player, return
// when ctx ends.
func playTable(ctx context.Context, players [2]player, every pace, measured time.Time, rng *rand.Rand, killedAt *atomic.Pointer[time.Time]) played {
	in := readPlayers(ctx, players)
	conns := [2]*servertest.Conn{players[0].conn, players[1].conn}
	m := &mover{every: every, rng: rng, measured: measured, killedAt: killedAt, timer: time.NewTimer(time.Duration(rng.Int64N(int64(every.interval))))}
	defer m.timer.Stop()
	for {
		select {
		case <-ctx.Done():
			m.wait(time.Now())
			return m.r
		case <-m.timer.C:
			m.due = true
		case s := <-in:
			if s.conn != nil {
				conns[s.seat] = s.conn
				m.reconnected(s.seat)
			} else {
				m.read(s)
			}
		}
		if !m.due || m.waiting || m.view == nil || !m.view.Started || m.view.Over {
			continue
		}
		if !m.pending {
			m.firstSent = time.Now()
		}
		m.pending, m.waiting, m.sender = true, true, m.view.ToAct.Seat
		// A send that fails is a connection closing: its reader
		// reconnects, and the move is made again.
		conns[m.sender].Send(ctx, servertest.Move(m.view, rng))
	}
}

// readPlayers reads each player's messages, one goroutine a player, until
// ctx ends. A player whose connection is closed reconnects, as a browser
// does, with the last seq he saw; his new connection is passed on.
func readPlayers(ctx context.Context, players [2]player) <-chan seen {
	in := make(chan seen, 64)
	for k := range players {
		p := players[k]
		go func() {
			var last int64
			conn := p.conn
			for {
				m, err := readTurn(ctx, conn)
				s := seen{msg: m, at: time.Now(), seat: k}
				if err != nil {
					conn.Close()
					// Its seat is its browser token's, kept in its
					// cookies, which every node on this machine is sent.
					if conn, _, err = p.client.Redial(ctx, p.bases, p.table, last); err != nil {
						return
					}
					s.conn = conn
				} else if m.Type == protocol.TypeEvent || m.Type == protocol.TypeState {
					last = m.Seq
				}
				select {
				case in <- s:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	return in
}

// mover is one table's play as its players see it: the state, the move
// in flight, and what it measured.
type mover struct {
	every     pace
	rng       *rand.Rand // the table's, which only its mover's goroutine uses
	measured  time.Time
	killedAt  *atomic.Pointer[time.Time]
	r         played
	view      *protocol.GameState
	seq       int64
	pending   bool      // a move was sent whose broadcast has not come
	firstSent time.Time // its first sending
	sender    int       // its seat
	waiting   bool      // its intent is on its way on the sender's connection
	timer     *time.Timer
	due       bool
}

// wait records how long the pending move waited, if it was in flight at
// the kill or sent after it.
func (m *mover) wait(now time.Time) {
	if k := m.killedAt.Load(); k != nil && m.pending && now.After(*k) {
		m.r.wait = max(m.r.wait, now.Sub(m.firstSent))
	}
}

// next waits after for the next move, the last one done.
func (m *mover) next(after time.Duration) {
	m.pending, m.waiting, m.due = false, false, false
	m.timer.Reset(after)
}

// pace is the wait between a table's moves: interval, give or take up to
// spread.
type pace struct{ interval, spread time.Duration }

// think is the wait before the next move.
func (m *mover) think() time.Duration {
	if m.every.spread == 0 {
		return m.every.interval
	}
	return m.every.interval - m.every.spread + time.Duration(m.rng.Int64N(int64(2*m.every.spread)+1))
}

// reconnected counts seat's new connection.
func (m *mover) reconnected(seat int) {
	m.r.reconnects++
	if m.pending && m.sender == seat {
		// The move may have been lost with the connection: it is made
		// again once what was missed has come in, which follows the
		// welcome at once.
		m.waiting, m.due = false, false
		m.timer.Reset(resendAfter)
	}
}

// read takes in a message a player read.
func (m *mover) read(s seen) {
	switch msg := s.msg; {
	case msg.Type == protocol.TypeError && m.waiting:
		// Refused (it crossed a turn's change, or the table is moving):
		// the move is made again, for the state then.
		m.next(resendAfter)
		m.r.refused++
	case (msg.Type == protocol.TypeState || msg.Type == protocol.TypeEvent) && msg.Seq >= m.seq:
		if msg.Type == protocol.TypeState && m.pending && msg.Seq > m.seq {
			// Back after missing more than the backlog: whatever became
			// of the move, the table has gone on.
			m.wait(s.at)
			m.next(m.think())
		}
		if msg.Type == protocol.TypeEvent && m.pending && msg.Seq == m.seq+1 {
			m.arrived(s.at)
		}
		m.seq, m.view = msg.Seq, msg.State
	}
}

// arrived measures the pending move, whose broadcast came at.
func (m *mover) arrived(at time.Time) {
	switch lat := at.Sub(m.firstSent); {
	case m.firstSent.Before(m.measured):
		m.r.warm = append(m.r.warm, lat)
	case m.sender == 0:
		m.r.lat = append(m.r.lat, lat)
	default:
		m.r.second = append(m.r.second, lat)
	}
	if !m.firstSent.Before(m.measured) {
		m.r.actions++
		if m.view != nil && m.view.ToAct.Need == "strike" {
			m.r.strokes++
		}
	}
	m.wait(at)
	if k := m.killedAt.Load(); k != nil && m.firstSent.After(*k) {
		m.r.resumed = true
	}
	m.next(m.think())
}

// resendAfter is how long after reconnecting, or after a refusal, a
// player makes again a move that was lost or refused.
const resendAfter = 100 * time.Millisecond
