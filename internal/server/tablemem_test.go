package server_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// heldMemory is the live heap and the goroutines' stacks, bytes, once the
// collector has run; a few collections, for a stack shrinks by half at
// each.
func heldMemory() (heap, stacks uint64) {
	var ms runtime.MemStats
	for range 4 {
		runtime.GC()
	}
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc, ms.StackInuse
}

// TestTableWeight (issue 26): a table in play, long into its match, holds
// little: its state, not its recent past. A client that reconnects is
// sent what it missed made again from the stored actions; the table kept
// the last 64 actions and a table every 16 of them for it before (29.4
// KiB a table here), and a copy of the table before each action before
// that (160 KiB).
func TestTableWeight(t *testing.T) {
	if testing.Short() {
		t.Skip("plays some thousand actions")
	}
	e := newEnv(t, t.TempDir())
	const tables = 16
	// Each table plays past MaxBacklog actions; its players reconnect half-way,
	// as the server takes 40 messages at once from a connection. The
	// connections are closed before the weighing, so that only the tables
	// are weighed.
	half := server.MaxBacklog/2 + 4
	rng := rand.New(rand.NewPCG(26, 1))
	newTable := func() {
		ann, bob := e.player(), e.player()
		id := ann.create(servertest.Humans(2, 3))
		for i := range 2 {
			a, b := ann.dial(id, 0), bob.dial(id, 0)
			a.next("welcome")
			b.next("welcome")
			if i == 0 {
				a.send(protocol.Sit(0, "Ann"))
				a.next("welcome")
				b.send(protocol.Sit(1, "Bob"))
				b.next("welcome")
			}
			play(t, half, rng, map[int]*conn{0: a, 1: b})
			a.ws.Close()
			b.ws.Close()
		}
	}
	// A first table fills what the server keeps once for all of them.
	newTable()
	goroutines := runtime.NumGoroutine()
	heap0, stacks0 := heldMemory()
	for range tables {
		newTable()
	}
	// The connections' goroutines end; the tables play on, without them.
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > goroutines+tables && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	heap1, stacks1 := heldMemory()
	heap, stacks := (float64(heap1)-float64(heap0))/tables/1024, (float64(stacks1)-float64(stacks0))/tables/1024
	// The stacks are counted by the span of 32 KB a few of them share:
	// logged, not judged.
	t.Logf("%d tables of %d actions each: %.1f KiB of heap and %.1f KiB of stacks per table", tables, 2*half, heap, stacks)
	if heap > 12 {
		t.Errorf("a table in play holds %.1f KiB of heap; want at most 12", heap)
	}
}

// goroutinesIn counts the goroutines whose stack has a function of code
// (a package path and a dot, or a function's name).
func goroutinesIn(code string) int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	count := 0
	for g := range strings.SplitSeq(string(buf), "\n\n") {
		if strings.Contains(g, code) {
			count++
		}
	}
	return count
}

// TestIdleConnection (issue 26): an idle connection to a table holds one
// goroutine, its reader; a writer runs only while messages wait (there
// was one for the connection's whole life, over a queue of 256 slots);
// its HTTP handler has returned, so that net/http keeps neither the
// request nor its own state for the connection; and it keeps buffers of
// 1 KB, not net/http's 4 KB ones (smallBuffers): 21.7–21.9 KiB of heap a
// connection, both ends, with those, 15.8–16.0 with its own.
func TestIdleConnection(t *testing.T) {
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) { c.ConnsPerIdentity = 1000 })
	id := e.player().create(servertest.Humans(2, 3))
	watcher := e.player()
	ctx := context.Background()
	dial := func() *servertest.Conn {
		ws, err := watcher.Connect(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(ws.Close)
		for {
			m, err := ws.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if m.Type == "state" {
				return ws
			}
		}
	}
	// A first connection starts what the server keeps once for all.
	dial()
	const conns = 32
	const ours, handler = "carrom/internal/server.", "net/http.(*conn).serve"
	// The count once the writers of the messages sent at a join have
	// ended: the same for a while.
	settle := func() int {
		n, same := goroutinesIn(ours), 0
		for deadline := time.Now().Add(10 * time.Second); same < 10 && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
			if m := goroutinesIn(ours); m == n {
				same++
			} else {
				n, same = m, 0
			}
		}
		return n
	}
	before, handlers := settle(), goroutinesIn(handler)
	heap0, _ := heldMemory()
	for range conns {
		dial()
	}
	after := settle()
	heap1, _ := heldMemory()
	heap := (float64(heap1) - float64(heap0)) / conns / 1024
	handlers = goroutinesIn(handler) - handlers
	// The heap is the test's end of each connection too.
	t.Logf("%d idle connections: %d goroutines of the server more, %d in net/http's handlers, %.1f KiB of heap each, both ends", conns, after-before, handlers, heap)
	if after-before > conns {
		t.Errorf("%d idle connections hold %d goroutines of the server; want one each, their reader", conns, after-before)
	}
	if handlers > 0 {
		t.Errorf("%d idle connections hold %d HTTP handlers; want none, each handler returned once its connection was accepted", conns, handlers)
	}
	if heap > 19 {
		t.Errorf("an idle connection holds %.1f KiB of heap, both ends; want at most 19, the server's end with buffers of %d bytes", heap, 1024)
	}
}

// TestFirstFrameWithTheRequest: a client that sends its first frame in
// the same packet as its request, before the answer, is read from its
// first frame (what net/http had read past the request is handed on
// with the connection's own buffers).
func TestFirstFrameWithTheRequest(t *testing.T) {
	e := newEnv(t, t.TempDir())
	p := e.player()
	id := p.create(servertest.Humans(2, 3))
	_, r := rawConnect(t, e, p, id, pingFrame())
	untilPong(t, r)
}

// TestReaderStack (issue 26): the goroutine that reads a connection, two
// a table in play, keeps a small stack once it has handled messages: what
// handling one does deep (its JSON, the table's intent) is done on a
// goroutine that ends (apart). The reader's stack grew to 8 KB with it
// before. The connections are the test's own bytes over TCP, so that the
// stacks counted are the server's.
func TestReaderStack(t *testing.T) {
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) { c.ConnsPerIdentity = 1000 })
	p := e.player()
	id := p.create(servertest.Humans(2, 3))
	// A first connection starts what the server keeps once for all.
	_, r := rawConnect(t, e, p, id, pingFrame())
	untilPong(t, r)
	const conns = 64
	const ours = "carrom/internal/server."
	_, stacks0 := heldMemory()
	before := goroutinesIn(ours)
	for range conns {
		conn, r := rawConnect(t, e, p, id, nil)
		for range 3 {
			if _, err := conn.Write(pingFrame()); err != nil {
				t.Fatal(err)
			}
			untilPong(t, r)
		}
	}
	// The writers of the pongs end.
	for deadline := time.Now().Add(10 * time.Second); goroutinesIn(ours) > before+conns && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	_, stacks1 := heldMemory()
	stack := (float64(stacks1) - float64(stacks0)) / conns / 1024
	t.Logf("%d connections that have handled 3 messages each: %.1f KiB of stack each", conns, stack)
	if stack > 6 {
		t.Errorf("a connection's reader keeps %.1f KiB of stack; want at most 6", stack)
	}
}

// pingFrame is a client's ping message as a WebSocket frame: masked, as a
// client's frame is, by a zero mask that leaves its text as it is.
func pingFrame() []byte {
	ping := []byte(fmt.Sprintf(`{"v":%d,"type":"ping"}`, protocol.Version))
	return append([]byte{0x81, 0x80 | byte(len(ping)), 0, 0, 0, 0}, ping...)
}

// rawConnect opens a WebSocket to table id as p's browser, over TCP by
// hand, sending first (if any) in the same packet as the request; the
// connection, its reader past the answer.
func rawConnect(t *testing.T, e *env, p *player, id string, first []byte) (net.Conn, *bufio.Reader) {
	t.Helper()
	base, err := url.Parse(e.http.URL)
	if err != nil {
		t.Fatal(err)
	}
	var cookies []string
	for _, c := range p.HTTP().Jar.Cookies(base) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	conn, err := net.Dial("tcp", base.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	req := "GET /ws/" + id + "?since=0 HTTP/1.1\r\nHost: " + base.Host + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nCookie: " + strings.Join(cookies, "; ") + "\r\n\r\n"
	if _, err := conn.Write(append([]byte(req), first...)); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d, want 101", resp.StatusCode)
	}
	return conn, r
}

// untilPong reads the server's frames until a pong.
func untilPong(t *testing.T, r *bufio.Reader) {
	t.Helper()
	for {
		msg, err := readServerFrame(r)
		if err != nil {
			t.Fatalf("no pong: %v", err)
		}
		if strings.Contains(string(msg), `"type":"pong"`) {
			return
		}
	}
}

// readServerFrame reads one unmasked, unfragmented frame's payload.
func readServerFrame(r *bufio.Reader) ([]byte, error) {
	var head [2]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, err
	}
	n := uint64(head[1] & 0x7f)
	switch n {
	case 126:
		var ext [2]byte
		if _, err := io.ReadFull(r, ext[:]); err != nil {
			return nil, err
		}
		n = uint64(binary.BigEndian.Uint16(ext[:]))
	case 127:
		var ext [8]byte
		if _, err := io.ReadFull(r, ext[:]); err != nil {
			return nil, err
		}
		n = binary.BigEndian.Uint64(ext[:])
	}
	msg := make([]byte, n)
	_, err := io.ReadFull(r, msg)
	return msg, err
}
