package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/loadtest"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
)

// TestHTTPTimeouts (issue 31, item 2): the HTTP server closes a
// keep-alive connection left idle past its idle timeout, and a WebSocket
// outlives every timeout (its connection is hijacked).
func TestHTTPTimeouts(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := store.Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const short = 300 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := httpServer(srv.Handler(), httpTimeouts{header: short, read: short, write: short, idle: short})
	go hs.Serve(ln)
	defer hs.Close()
	base := "http://" + ln.Addr().String()

	id, err := loadtest.CreateTableAt(ctx, base, loadtest.Humans(2, 1))
	if err != nil {
		t.Fatal(err)
	}
	c, err := loadtest.NewClient(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := c.Connect(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()

	idle, err := net.Dial("tcp", ln.Addr().String())
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
	if err := ws.Send(ctx, loadtest.Ping()); err != nil {
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
