package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
)

// TestHTTPTimeouts (issue 31, item 2): the HTTP server closes a
// keep-alive connection left idle past its idle timeout, and a WebSocket
// outlives every timeout (its connection is hijacked).
func TestHTTPTimeouts(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const short = 300 * time.Millisecond
	base := serveInProcess(t, server.Config{Physics: physics.Default()}, httpTimeouts{header: short, read: short, write: short, idle: short})

	id, err := servertest.CreateTableAt(ctx, base, servertest.Humans(2, 1))
	if err != nil {
		t.Fatal(err)
	}
	c, err := servertest.NewClient(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := c.Connect(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()

	idle, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	if _, err := io.WriteString(idle, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	rd := bufio.NewReader(idle)
	resp, err := http.ReadResponse(rd, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()

	time.Sleep(4 * short)
	idle.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := rd.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("a keep-alive connection idle for %v (its timeout %v): read %d bytes, %v; want it closed (EOF)", 4*short, short, n, err)
	}
	if err := ws.Send(ctx, protocol.Ping()); err != nil {
		t.Fatalf("the WebSocket after %v: %v", 4*short, err)
	}
	for {
		m, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("the WebSocket after %v: %v; want it open", 4*short, err)
		}
		if m.Type == "pong" {
			break
		}
	}
}

// serveInProcess serves cfg, on a SQLite store in a temporary directory,
// through httpServer with the timeouts to on a loopback port, until the
// test ends; it returns the server's base URL.
func serveInProcess(tb testing.TB, cfg server.Config, to httpTimeouts) string {
	tb.Helper()
	st, err := store.Open(context.Background(), "", tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	cfg.Store = st
	srv, err := server.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(srv.Close)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	hs := httpServer(srv.Handler(), to)
	go hs.Serve(ln)
	tb.Cleanup(func() { hs.Close() })
	return "http://" + ln.Addr().String()
}
