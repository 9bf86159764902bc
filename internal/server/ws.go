package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/carrom-game/carrom/internal/carrom"
)

// client is one WebSocket connection watching or playing at a table.
type client struct {
	token    string
	nickname string
	send     chan []byte   // messages to write; full means too slow
	gone     chan struct{} // closed when the table drops the client
}

// Per connection: at most this many messages a second, in bursts of burst.
const (
	msgRate  = 20
	msgBurst = 40
	sendBuf  = 256
)

// serveWS connects one client to a table: ?since=N asks for the events
// after N (or the full state).
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	t := s.table(r.PathValue("id"))
	if t == nil {
		apiError(w, fmt.Errorf("server: table %s is not in play: %w", r.PathValue("id"), carrom.ErrNotFound))
		return
	}
	since, err := querySeq(r, "since", 0)
	if err != nil {
		apiError(w, err)
		return
	}
	tok := token(r)
	s.mu.Lock()
	err = s.reserve(s.conns, tok, s.maxConns, "open connections")
	s.mu.Unlock()
	if err != nil {
		apiError(w, err)
		return
	}
	defer func() {
		s.mu.Lock()
		s.release(s.conns, tok)
		s.mu.Unlock()
	}()
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	// Oversized messages are answered and discarded below, never allowed to
	// end the connection.
	conn.SetReadLimit(-1)
	c := &client{token: tok, send: make(chan []byte, sendBuf), gone: make(chan struct{})}
	if ck, err := r.Cookie(nicknameCookie); err == nil {
		if name, err := cleanNickname(ck.Value); err == nil {
			c.nickname = name
		}
	}
	if !t.post(joinReq{c: c, since: since}) {
		conn.Close(websocket.StatusGoingAway, "table closed")
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	// The writer goroutine ends when the table drops the client or the
	// connection ends; the reader (this goroutine) then tells the table.
	go func() {
		defer cancel()
		for {
			select {
			case msg := <-c.send:
				wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
				err := conn.Write(wctx, websocket.MessageText, msg)
				wcancel()
				if err != nil {
					return
				}
			case <-c.gone:
				conn.Close(websocket.StatusPolicyViolation, "too slow")
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	s.readLoop(ctx, conn, t, c)
	t.post(leaveReq{c: c})
	conn.Close(websocket.StatusNormalClosure, "")
}

// readLoop reads the client's messages until the connection ends. A bad,
// oversized or too frequent message is answered with an error message.
func (s *Server) readLoop(ctx context.Context, conn *websocket.Conn, t *table, c *client) {
	limiter := rate.NewLimiter(msgRate, msgBurst)
	reply := func(msg []byte) {
		select {
		case c.send <- msg:
		case <-c.gone:
		case <-ctx.Done():
		}
	}
	for {
		_, rd, err := conn.Reader(ctx)
		if err != nil {
			return
		}
		data, err := io.ReadAll(io.LimitReader(rd, MaxMessage+1))
		if err != nil {
			return
		}
		if len(data) > MaxMessage {
			if _, err := io.Copy(io.Discard, rd); err != nil {
				return
			}
			reply(errorMessage(fmt.Errorf("server: message over %d bytes: %w", MaxMessage, ErrMessage)))
			continue
		}
		if !limiter.Allow() {
			reply(errorMessage(fmt.Errorf("server: more than %d messages a second: %w", msgRate, ErrMessage)))
			continue
		}
		in, err := decodeMessage(data, s.physics.MaxSpeed)
		if err != nil {
			reply(errorMessage(err))
			continue
		}
		switch in.kind {
		case "ping":
			reply(encode(pongMsg{V: ProtocolVersion, Type: "pong"}))
		case "sit":
			done := make(chan error, 1)
			if !t.post(sitReq{c: c, seat: in.seat, nickname: in.nickname, reply: done}) {
				return
			}
			if err := <-done; err != nil {
				reply(errorMessage(err))
			}
		case "act":
			if !t.post(actReq{c: c, action: in.action, at: s.clock.Now()}) {
				return
			}
		case "aim":
			if !t.post(aimReq{c: c, aim: in.aim}) {
				return
			}
		}
	}
}
