package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// longMatch plays a whole match of two computers on e, watched (a table
// of computers plays only while watched), and returns its ID.
func longMatch(t *testing.T, e *env, seed uint64) string {
	t.Helper()
	p := e.player()
	id := p.create(protocol.TableConfig{Rules: "icf", Players: 2, Seed: seed,
		Seats: []protocol.SeatConfig{{Kind: "computer", Level: "test"}, {Kind: "computer", Level: "test"}}})
	w := p.connect(id, 0)
	for {
		m := w.next("state", "event")
		if m.State != nil && m.State.Over {
			break
		}
	}
	w.ws.Close()
	return id
}

// slowReader sends a GET and reads only its status line, through a
// receive buffer of a few kilobytes: the server has started its answer
// and cannot send much of it.
type slowReader struct {
	conn   net.Conn
	status int
	header http.Header
}

func newSlowReader(t *testing.T, base, path string) *slowReader {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var serr error
		err := c.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		if err != nil {
			return err
		}
		return serr
	}}
	conn, err := d.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: "+u.Host+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReaderSize(conn, 512), nil)
	if err != nil {
		t.Fatal(err)
	}
	return &slowReader{conn: conn, status: resp.StatusCode, header: resp.Header}
}

// heap is the live heap after a collection, bytes.
func heap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// heldHeap is the least live heap over a second: handlers still
// simulating allocate between a collection and the reading of the heap,
// and what they hold once blocked on a slow reader is the figure wanted.
// Whatever a handler keeps for the whole of its answer is in every sample.
func heldHeap() uint64 {
	least := heap()
	for range 10 {
		time.Sleep(100 * time.Millisecond)
		least = min(least, heap())
	}
	return least
}

// TestReplaySlowReaders (issue 31, item 2): slow readers of a long
// match's replay share one encoded copy, so that the server's heap does
// not grow by a replay per reader; the replays made at once are bounded
// (a stretch, not kept, is streamed while a reader reads it), and one
// past the bound is answered 503 with Retry-After.
func TestReplaySlowReaders(t *testing.T) {
	e := newEnv(t, t.TempDir())
	id := longMatch(t, e, 7)
	p := e.player()
	code, body := p.do("GET", "/api/matches/"+id+"/replay", "")
	if code != http.StatusOK {
		t.Fatalf("GET replay: %d %.200s", code, body)
	}
	var whole struct {
		Events []json.RawMessage `json:"events"`
	}
	if err := json.Unmarshal([]byte(body), &whole); err != nil || len(whole.Events) < 100 {
		t.Fatalf("the replay has %d events (%v); want a long match", len(whole.Events), err)
	}
	size := uint64(len(body))
	t.Logf("the replay of %d events is %d bytes", len(whole.Events), size)

	const readers = 60
	before := heap()
	for range readers {
		r := newSlowReader(t, e.http.URL, "/api/matches/"+id+"/replay")
		if r.status != http.StatusOK {
			t.Fatalf("a slow reader of the whole replay: %d", r.status)
		}
	}
	grown := int64(heap()) - int64(before)
	t.Logf("%d slow readers of the whole replay: heap grown by %d bytes", readers, grown)
	if grown > int64(size) {
		t.Errorf("%d slow readers of a %d-byte replay grew the heap by %d bytes; want less than one replay", readers, size, grown)
	}

	// Stretches are made for each request: two slow readers hold both
	// slots, and a third request is told to come back.
	stretch := "/api/matches/" + id + "/replay?from=2&to=100000"
	before = heap()
	var held []*slowReader
	for range 2 {
		held = append(held, newSlowReader(t, e.http.URL, stretch))
	}
	for _, r := range held {
		if r.status != http.StatusOK {
			t.Fatalf("a slow reader of a stretch: %d", r.status)
		}
	}
	busy := newSlowReader(t, e.http.URL, stretch)
	if busy.status != http.StatusServiceUnavailable || busy.header.Get("Retry-After") == "" {
		t.Errorf("a third stretch while two are being read: %d, Retry-After %q; want 503 with Retry-After", busy.status, busy.header.Get("Retry-After"))
	}
	grown = int64(heldHeap()) - int64(before)
	t.Logf("2 slow readers of a stretch: heap grown by %d bytes", grown)
	if grown > int64(size)/2 {
		t.Errorf("2 slow readers of a stretch grew the heap by %d bytes; want it streamed, well under the %d bytes of the replay", grown, size)
	}
	for _, r := range held {
		r.conn.Close()
	}
	// Once they are gone, a stretch is made again.
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, body := p.do("GET", stretch, "")
		if code == http.StatusOK {
			if !strings.Contains(body, `"start":`) {
				t.Errorf("the stretch from 2 has no start: %.200s", body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a stretch after the slow readers left: %d %.200s", code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// seqOf is the sequence number of a table in play, by its API.
func seqOf(t *testing.T, p *player, id string) int64 {
	t.Helper()
	var out struct{ State *servertest.Message }
	if code := p.get("/api/tables/"+id, &out); code != http.StatusOK || out.State == nil {
		t.Fatalf("GET /api/tables/%s: %d, state %v", id, code, out.State)
	}
	return out.State.Seq
}

// settled waits until a table's sequence number stays put for a while,
// and returns it.
func settled(t *testing.T, p *player, id string) int64 {
	t.Helper()
	last := seqOf(t, p, id)
	for range 100 {
		time.Sleep(200 * time.Millisecond)
		seq := seqOf(t, p, id)
		if seq == last {
			return seq
		}
		last = seq
	}
	t.Fatalf("table %s still playing at seq %d", id, last)
	return 0
}

// TestComputersPlayOnlyWatched (issue 31, item 3): a table of computers
// only plays while someone watches it, and waits otherwise, after a
// restart too.
func TestComputersPlayOnlyWatched(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	p := e.player()
	id := p.create(protocol.TableConfig{Rules: "icf", Players: 2, Seed: 3,
		Seats: []protocol.SeatConfig{{Kind: "computer", Level: "test"}, {Kind: "computer", Level: "test"}}})
	if seq := settled(t, p, id); seq > 1 {
		t.Errorf("a table of computers nobody watched played to seq %d; want 1 at most (the toss)", seq)
	}
	w := p.connect(id, 0)
	for range 5 {
		w.next("event")
	}
	w.ws.Close()
	paused := settled(t, p, id)
	time.Sleep(500 * time.Millisecond)
	if seq := seqOf(t, p, id); seq != paused {
		t.Errorf("once its watcher left, the table went on from seq %d to %d", paused, seq)
	}

	e.close()
	e = newEnv(t, dir)
	p = e.player()
	if seq := settled(t, p, id); seq != paused {
		t.Errorf("after a restart, the table nobody watches went on from seq %d to %d", paused, seq)
	}
	w = p.connect(id, paused)
	if ev := w.next("event"); ev.Seq != paused+1 {
		t.Errorf("watched again, its first event is seq %d; want %d", ev.Seq, paused+1)
	}
}

// countingBot thinks until its search is cancelled, counting the
// searches running at once, at tables of computers only (demo) and in
// all.
type countingBot struct {
	demo  bool
	mu    *sync.Mutex
	now   *[2]int // running: demo, all
	most  *[2]int
	begun chan<- struct{}
}

func (b countingBot) Act(ctx context.Context, _ game.Table, _ int, _ *rand.Rand) (game.Action, error) {
	b.mu.Lock()
	if b.demo {
		b.now[0]++
	}
	b.now[1]++
	for i := range b.now {
		b.most[i] = max(b.most[i], b.now[i])
	}
	b.mu.Unlock()
	b.begun <- struct{}{}
	<-ctx.Done()
	b.mu.Lock()
	if b.demo {
		b.now[0]--
	}
	b.now[1]--
	b.mu.Unlock()
	return game.Action{}, ctx.Err()
}

// TestSearchBudget (issue 31, item 3): the computers' searches of the
// whole server share Config.Searches slots, and tables of computers only
// half of them, so that a table with a person at it still gets a search
// while many tables of computers are watched.
func TestSearchBudget(t *testing.T) {
	var mu sync.Mutex
	var now, most [2]int
	begun := make(chan struct{}, 64)
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) {
		c.Searches = 2
		c.Bots = func(level string) (server.Bot, error) {
			return countingBot{demo: level == "demo", mu: &mu, now: &now, most: &most, begun: begun}, nil
		}
	})
	p := e.player()
	demo := protocol.SeatConfig{Kind: "computer", Level: "demo"}
	for range 6 {
		id := p.create(protocol.TableConfig{Rules: "icf", Players: 4, Seats: []protocol.SeatConfig{demo, demo, demo, demo}})
		p.connect(id, 0).next("state")
	}
	<-begun
	ann := e.player()
	id := ann.create(protocol.TableConfig{Rules: "icf", Players: 2, Seed: 2,
		Seats: []protocol.SeatConfig{{Kind: "computer", Level: "human's"}, {Kind: "human"}}})
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(1, "Ann"))
	rng := rand.New(rand.NewPCG(1, 2))
	for st := c.next("state", "event").State; st.ToAct.Seat == 1 && !st.Over; st = c.next("state", "event").State {
		if st.Started {
			c.send(myMove(st, rng))
		}
	}
	select {
	case <-begun:
	case <-time.After(20 * time.Second):
		t.Fatal("the computer at Ann's table never began to think while 6 tables of computers were watched")
	}
	time.Sleep(300 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if most[1] > 2 || most[0] > 1 {
		t.Errorf("searches at once: %d at tables of computers only, %d in all; want 1 and 2 at most", most[0], most[1])
	}
}

// TestCrowdJoinCost (issue 31, item 10): spectators joining a table cost
// each a welcome and the state, and the others a seats message a second
// at most, not the whole state at every join (n joins made n×(n-1)/2
// states); a player who comes or goes is told at once.
func TestCrowdJoinCost(t *testing.T) {
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) { c.ConnsPerIdentity = 1000 })
	id, _, _, _, bob := twoPlayers(t, e, 0)
	const n = 60
	crowd := e.player()
	all := []string{"welcome", "state", "seats", "event", "pong"}
	messages, size := 0, 0
	var conns []*conn
	for range n {
		c := crowd.connect(id, 0)
		for m := c.next(all...); ; m = c.next(all...) {
			messages++
			size += len(m.Raw)
			if m.Type == "state" {
				break
			}
		}
		conns = append(conns, c)
	}
	// Every message sent before a pong has reached its client first.
	for _, c := range conns {
		c.send(protocol.Ping())
		for m := c.next(all...); m.Type != "pong"; m = c.next(all...) {
			messages++
			size += len(m.Raw)
		}
	}
	t.Logf("%d spectators joining: %d messages, %d bytes", n, messages, size)
	if messages > 2*n+1 {
		t.Errorf("%d spectators joining sent them %d messages (%d bytes); want a welcome and a state each, %d at most", n, messages, size, 2*n+1)
	}
	e.clock.Advance(server.SeatsEvery)
	for i, c := range conns {
		if m := c.next("seats"); m.Spectators != n || len(m.Seating) != 2 || !m.Seating[1].Connected {
			t.Fatalf("spectator %d after %v: seats message with %d spectators, seats %+v; want %d, and 2 seats connected", i, server.SeatsEvery, m.Spectators, m.Seating, n)
		}
	}
	bob.ws.Close()
	for i, c := range conns {
		if m := c.next("seats"); len(m.Seating) != 2 || m.Seating[1].Connected || !m.Seating[1].Taken {
			t.Fatalf("spectator %d once Bob left: seats %+v; want seat 1 taken and not connected", i, m.Seating)
		}
	}
}

// TestConnsPerAddress (issue 31, item 10): one address may have so many
// WebSocket connections open, whatever their identities; the next is
// closed with a reason that says so, and one closed makes room.
func TestConnsPerAddress(t *testing.T) {
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) { c.ConnsPerAddress = 3 })
	id := e.player().create(humans)
	var open []*servertest.Conn
	for range 3 {
		c, err := e.player().Connect(context.Background(), id, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := c.Read(context.Background()); err != nil {
			t.Fatalf("a connection within the bound: %v", err)
		}
		open = append(open, c)
	}
	c, err := e.player().Connect(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, err = c.Read(context.Background())
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "too many connections from your address: 3 at most") {
		t.Errorf("a fourth connection from one address: %v; want it closed (policy violation) saying 3 at most", err)
	}
	open[0].Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := e.player().Connect(context.Background(), id, 0)
		if err != nil {
			t.Fatal(err)
		}
		m, err := c.Read(context.Background())
		c.Close()
		if err == nil && m.Type == "welcome" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("once one of 3 connections closed, a new one: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
