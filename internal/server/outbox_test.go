package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
