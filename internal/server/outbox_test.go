package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestOutboxTooSlow: a connection's messages reach it in order, queued
// before it is accepted or after; with sendBuf waiting its client is too
// slow: the next message drops it, and its connection is closed with the
// reason.
func TestOutboxTooSlow(t *testing.T) {
	c := &client{}
	accepted := make(chan *websocket.Conn)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, err := websocket.Accept(w, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		accepted <- conn
	}))
	defer srv.Close()
	ws, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	conn := <-accepted
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Half queued before the connection starts, half after: all in order.
	for i := range sendBuf / 2 {
		if !c.reply(fmt.Appendf(nil, "%d", i)) {
			t.Fatalf("message %d refused before the connection started", i)
		}
	}
	c.out.start(ctx, cancel, conn)
	for i := sendBuf / 2; i < sendBuf; i++ {
		if !c.reply(fmt.Appendf(nil, "%d", i)) {
			t.Fatalf("message %d refused", i)
		}
	}
	for i := range sendBuf {
		_, data, err := ws.Read(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprint(i); string(data) != want {
			t.Fatalf("message %d reads %q; want %q", i, data, want)
		}
	}
	// The bound: nothing is written for a client whose connection has not
	// started, so its queue fills (a client that reads nothing would fill
	// the sockets' buffers first).
	slow := &client{}
	for i := range sendBuf {
		if !(connections{}).Deliver(slow, fmt.Appendf(nil, "%d", i)) {
			t.Fatalf("message %d of %d dropped the client", i, sendBuf)
		}
	}
	if (connections{}).Deliver(slow, []byte("one more")) {
		t.Fatalf("message %d delivered; want the client dropped as too slow", sendBuf+1)
	}
	slow.out.mu.Lock()
	closing, code, why, queued := slow.out.closing, slow.out.code, slow.out.why, len(slow.out.queue)
	slow.out.mu.Unlock()
	if !closing || code != websocket.StatusPolicyViolation || why != "too slow" || queued != 0 {
		t.Errorf("a client too slow: closing %v, code %v, why %q, %d queued; want its connection closed, policy violation, too slow, none", closing, code, why, queued)
	}
	// Its reader, ending before a writer has closed the connection, closes
	// it with the same reason.
	if code, why := slow.out.end(); code != websocket.StatusPolicyViolation || why != "too slow" {
		t.Errorf("a dropped client's reader closes its connection with %v %q; want policy violation, too slow", code, why)
	}
	// The dropped client's connection, once started, is closed with the
	// reason.
	c.drop(websocket.StatusPolicyViolation, "too slow")
	for {
		if _, _, err := ws.Read(context.Background()); err != nil {
			var ce websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || ce.Reason != "too slow" {
				t.Errorf("a dropped client's connection ends with %v; want a close, policy violation, too slow", err)
			}
			break
		}
	}
}

// pipeWriter is the HTTP side of a connection whose other end the test
// holds: its hijack hands over one end of a net.Pipe, which passes each
// write to the reads of the other end whole, so that the test counts the
// server's writes.
type pipeWriter struct {
	header http.Header
	conn   net.Conn
}

func (w *pipeWriter) Header() http.Header         { return w.header }
func (w *pipeWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *pipeWriter) WriteHeader(int)             {}
func (w *pipeWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return w.conn, bufio.NewReadWriter(bufio.NewReader(w.conn), bufio.NewWriter(w.conn)), nil
}

// acceptPipe is a connection, the gather of its hijack, and the peer that
// reads what the server writes.
func acceptPipe(t *testing.T) (*websocket.Conn, *gather, net.Conn) {
	t.Helper()
	server, peer := net.Pipe()
	t.Cleanup(func() { peer.Close() })
	r := httptest.NewRequest(http.MethodGet, "/ws/t", nil)
	r.Header.Set("Connection", "Upgrade")
	r.Header.Set("Upgrade", "websocket")
	r.Header.Set("Sec-WebSocket-Version", "13")
	r.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	hj := &smallBuffers{ResponseWriter: &pipeWriter{header: http.Header{}, conn: server}}
	conn, err := websocket.Accept(hj, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	return conn, hj.gather, peer
}

// TestOneWriteAMessage (issue 26): a message longer than a connection's
// 1 KB buffer, a stroke's event of some 10 KB, reaches the socket in one
// write, its frame's header and payload together (gather); it was two,
// each a system call and a packet. Messages that wait together go in one.
func TestOneWriteAMessage(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// reads counts the reads of peer until n bytes have come.
	reads := func(peer net.Conn, n int) int {
		t.Helper()
		buf := make([]byte, 1<<20)
		count := 0
		for n > 0 {
			m, err := peer.Read(buf)
			if err != nil {
				t.Fatal(err)
			}
			n -= m
			count++
		}
		return count
	}
	event := []byte(`"` + strings.Repeat("x", 10_000) + `"`)
	// A frame of 10,002 bytes has a header of 4.
	frame := 4 + len(event)
	conn, g, peer := acceptPipe(t)
	c := &client{}
	c.out.gather = g
	c.out.start(ctx, cancel, conn)
	c.reply(event)
	if n := reads(peer, frame); n != 1 {
		t.Errorf("a message of %d bytes took %d writes; want 1", len(event), n)
	}
	// Queued before the writer starts, three go together. (On a connection
	// of their own: the first writer's last flush of a gather it shared
	// could send part of what the second holds.)
	conn, g, peer = acceptPipe(t)
	late := &client{}
	late.out.gather = g
	for range 3 {
		late.reply(event)
	}
	late.out.start(ctx, cancel, conn)
	if n := reads(peer, 3*frame); n != 1 {
		t.Errorf("three waiting messages took %d writes; want 1", n)
	}
}

// TestOutboxWriteEnds: a write that the client does not take in the
// outbox's timeout closes the connection and ends it (its context), and
// so does the connection's end while a write waits: each write is bounded
// by the connection's one timer and its context's end, not by a context of
// its own.
func TestOutboxWriteEnds(t *testing.T) {
	event := []byte(`"` + strings.Repeat("x", 10_000) + `"`)
	// closed says whether peer, which has read nothing, finds the
	// connection closed within a few seconds.
	closed := func(peer net.Conn) error {
		peer.SetReadDeadline(time.Now().Add(5 * time.Second))
		buf := make([]byte, 64<<10)
		for {
			if _, err := peer.Read(buf); err != nil {
				return err
			}
		}
	}
	t.Run("timeout", func(t *testing.T) {
		conn, g, peer := acceptPipe(t)
		c := &client{}
		c.out.gather = g
		c.out.timeout = 50 * time.Millisecond
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		c.out.start(ctx, cancel, conn)
		start := time.Now()
		c.reply(event)
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("a client that took nothing for 5 s is still connected; want it let go after 50 ms")
		}
		if waited := time.Since(start); waited < 50*time.Millisecond {
			t.Errorf("the connection ended after %v; want not before the timeout, 50 ms", waited)
		}
		if err := closed(peer); !errors.Is(err, io.EOF) {
			t.Errorf("the peer reads %v; want the connection closed (EOF)", err)
		}
	})
	t.Run("the connection ends", func(t *testing.T) {
		conn, g, peer := acceptPipe(t)
		c := &client{}
		c.out.gather = g
		ctx, cancel := context.WithCancel(context.Background())
		c.out.start(ctx, cancel, conn)
		c.reply(event)
		cancel()
		if err := closed(peer); !errors.Is(err, io.EOF) {
			t.Errorf("the peer reads %v after the connection's end; want it closed (EOF)", err)
		}
		// The reader, given a context that does not end, is ended too.
		read := make(chan error, 1)
		go func() {
			_, err := readMessage(context.WithoutCancel(ctx), conn)
			read <- err
		}()
		select {
		case err := <-read:
			if err == nil {
				t.Error("a read after the connection's end succeeded; want it failed")
			}
		case <-time.After(5 * time.Second):
			t.Error("a read still waits 5 s after the connection's end; want it ended")
		}
	})
}
