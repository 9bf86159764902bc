package server

import (
	"bufio"
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
)

// client is one WebSocket connection watching or playing at a table.
type client struct {
	token    string
	nickname string
	// account is the account of the browser's session when it connected
	// ("" if none), and csrf that session's CSRF token, which each of its
	// "sit" messages must carry.
	account string
	csrf    string
	out     outbox // messages to write; full means too slow

	once sync.Once
}

// drop closes the client's connection, once, with the reason given.
func (c *client) drop(code websocket.StatusCode, why string) {
	c.once.Do(func() { c.out.close(code, why) })
}

// reply queues msg for c, or drops c if it is too slow to take it.
func (c *client) reply(msg []byte) bool {
	if c.out.put(msg) {
		return true
	}
	c.drop(websocket.StatusPolicyViolation, "too slow")
	return false
}

// connections is the fan-out of a table's messages to its clients'
// connections here (table.Fanout): a client too slow to keep up is
// dropped. Every client of a table is one of the server's.
type connections struct{}

func (connections) Deliver(c table.Client, msg []byte) bool { return c.(*client).reply(msg) }

func (cs connections) Broadcast(clients map[table.Client]struct{}, msg []byte, skip table.Client) (dropped []table.Client) {
	for c := range clients {
		if c != skip && !cs.Deliver(c, msg) {
			dropped = append(dropped, c)
		}
	}
	return dropped
}

// Per connection: at most this many messages a second, in bursts of
// burst, and sendBuf messages waiting to be written.
const (
	msgRate  = 20
	msgBurst = 40
	sendBuf  = 256
)

// sink is where a connection's intents go: its table here, or the table's
// owner at another node. Each returns false once the table cannot be
// reached from this connection any more.
type sink interface {
	sit(c *client, seat int, nickname string) (errMsg []byte, ok bool)
	act(c *client, a game.Action) bool
	aim(c *client, a protocol.Aim) bool
	say(c *client, w table.Words) bool
	leave(c *client)
}

// localSink is a table this node owns.
type localSink struct {
	t   *table.Table
	srv *Server
}

func (l localSink) sit(c *client, seat int, nickname string) ([]byte, bool) {
	err := l.t.Sit(c, seat, nickname)
	switch {
	case errors.Is(err, table.ErrEnded):
		return nil, false
	case err != nil:
		return errorMessage(err), true
	}
	return nil, true
}

func (l localSink) act(c *client, a game.Action) bool { return l.t.Act(c, a, l.srv.clock.Now()) }

func (l localSink) aim(c *client, a protocol.Aim) bool { return l.t.Aim(c, a) }

func (l localSink) leave(c *client) { l.t.Leave(c) }

// connLimits bounds the open WebSocket connections, tables' and live
// channels alike: maxAddr from one network address (none if negative),
// maxID of one identity at the tables.
type connLimits struct {
	mu            sync.Mutex
	maxAddr       int
	maxID         int
	byAddr, byTok map[string]int
}

func newConnLimits(maxAddr, maxID int) *connLimits {
	return &connLimits{maxAddr: maxAddr, maxID: maxID, byAddr: map[string]int{}, byTok: map[string]int{}}
}

// admitAddr counts a WebSocket connection from r's address, or, when the
// address has ConnsPerAddress open already, refuses it with a close reason
// (a browser's WebSocket sees no HTTP answer). done gives the place back.
func (l *connLimits) admitAddr(w http.ResponseWriter, r *http.Request) (done func(), ok bool) {
	addr := address(r)
	l.mu.Lock()
	full := l.maxAddr > 0 && l.byAddr[addr] >= l.maxAddr
	if !full {
		l.byAddr[addr]++
	}
	l.mu.Unlock()
	if full {
		if conn, err := websocket.Accept(w, r, nil); err == nil {
			conn.Close(websocket.StatusPolicyViolation, fmt.Sprintf("too many connections from your address: %d at most", l.maxAddr))
		}
		return nil, false
	}
	return func() {
		l.mu.Lock()
		release(l.byAddr, addr)
		l.mu.Unlock()
	}, true
}

// admit counts a connection of the identity tok to a table, or returns
// ErrTooMany when it has ConnsPerIdentity open; leave uncounts it.
func (l *connLimits) admit(tok string) (leave func(), err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := reserve(l.byTok, tok, l.maxID, "open connections"); err != nil {
		return nil, err
	}
	return func() {
		l.mu.Lock()
		release(l.byTok, tok)
		l.mu.Unlock()
	}, nil
}

// serveWS connects one client to a table: ?since=N asks for the events
// after N (or the full state). The table may be owned by this node or,
// in a cluster, by another.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	since, err := querySeq(r, "since", 0)
	if err != nil {
		apiError(w, err)
		return
	}
	t := s.table(id)
	if t == nil && s.cluster == nil {
		apiError(w, fmt.Errorf("server: table %s is not in play: %w", id, carrom.ErrNotFound))
		return
	}
	release, ok := s.conns.admitAddr(w, r)
	if !ok {
		return
	}
	tok := token(r)
	leave, err := s.conns.admit(tok)
	if err != nil {
		release()
		apiError(w, err)
		return
	}
	c := newClient(r, tok)
	conn, sk := s.acceptWS(w, r, c, id, t, since)
	if conn == nil {
		leave()
		release()
		return
	}
	// The handler returns, so that net/http lets go of the request, its
	// headers and what it kept for the connection; the connection is read
	// on a goroutine of its own.
	go func() {
		defer release()
		defer leave()
		s.readWS(conn, sk, c)
	}()
}

// acceptWS joins c to its table, here (t) or at its owner, and accepts
// the WebSocket; nil once either has failed, and answered.
func (s *Server) acceptWS(w http.ResponseWriter, r *http.Request, c *client, id string, t *table.Table, since int64) (*websocket.Conn, sink) {
	var sk sink
	if t != nil {
		sk = localSink{t: t, srv: s}
	} else {
		rs, err := s.node.Join(r.Context(), id, c, since)
		if err != nil {
			s.log.Warn("joining a table of another node", "table", id, "err", err)
			apiError(w, err)
			return nil, nil
		}
		sk = remoteSink{rs}
	}
	hj := &smallBuffers{ResponseWriter: w}
	conn, err := websocket.Accept(hj, r, s.front.wsOptions())
	if err != nil {
		sk.leave(c)
		return nil, nil
	}
	c.out.gather = hj.gather
	// Oversized messages are answered and discarded below, never allowed to
	// end the connection.
	conn.SetReadLimit(-1)
	if t != nil && !t.Join(c, since) {
		conn.Close(websocket.StatusGoingAway, "table closed")
		return nil, nil
	}
	return conn, sk
}

// wsBuffer is the size of a WebSocket connection's read and write
// buffers. The messages a client sends are a few hundred bytes; what it
// is sent longer goes past the buffer, straight to the socket.
const wsBuffer = 1024

// smallBuffers hands the WebSocket library, which keeps the buffers of
// the hijacked connection for the connection's whole life and cannot be
// told their size, buffers of wsBuffer bytes in place of net/http's 4 KB
// each: 6 KB less a connection, idle or not (docs/cluster.md).
// Its writes go through a gather, set at the hijack.
type smallBuffers struct {
	http.ResponseWriter
	gather *gather
}

func (w *smallBuffers) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// What net/http had read past the request, the client's first frames
	// if it did not wait for the answer, stays buffered for the library
	// to read first.
	held, _ := brw.Reader.Peek(brw.Reader.Buffered())
	br := bufio.NewReaderSize(conn, wsBuffer)
	if len(held) > 0 {
		br = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(held)), conn), max(wsBuffer, len(held)))
		if _, err := br.Peek(len(held)); err != nil {
			conn.Close()
			return nil, nil, err
		}
	}
	w.gather = &gather{conn: conn}
	return conn, bufio.NewReadWriter(br, bufio.NewWriterSize(w.gather, wsBuffer)), nil
}

// readWS reads c's connection until it ends, then tells the table. A
// writer runs while messages wait; it closes the connection when the
// table drops the client.
func (s *Server) readWS(conn *websocket.Conn, sk sink, c *client) {
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	c.out.start(ctx, cancel, conn)
	// The reads are given a context that does not end, on which the
	// library arms nothing for each message: ctx's end closes the
	// connection (start), which ends a read.
	readLoop(context.WithoutCancel(ctx), conn, sk, c, s.physics.MaxSpeed)
	code, why := c.out.end()
	sk.leave(c)
	conn.Close(code, why)
}

// newClient is the client of a WebSocket request from the browser of tok:
// its nickname, and its account and session's CSRF token if signed in.
func newClient(r *http.Request, tok string) *client {
	c := &client{token: tok}
	if ck, err := r.Cookie(nicknameCookie); err == nil {
		if name, err := cleanNickname(ck.Value); err == nil {
			c.nickname = name
		}
	}
	if v, err := account.Of(r); err == nil {
		c.account, c.csrf = v.Account.ID, v.Session.CSRF
	}
	return c
}

// readLoop reads the client's messages until the connection ends. A bad,
// oversized or too frequent message is answered with an error message; a
// strike faster than maxSpeed is bad.
func readLoop(ctx context.Context, conn *websocket.Conn, sk sink, c *client, maxSpeed float64) {
	limiter := rate.NewLimiter(msgRate, msgBurst)
	for {
		msg, err := readMessage(ctx, conn)
		if err != nil && !errors.Is(err, ErrMessage) {
			return
		}
		more := apart(func() bool { return handle(msg.Bytes(), err, limiter, sk, c, maxSpeed) })
		msg.release()
		if !more {
			return
		}
	}
}

// message is a message read from a client, in a buffer of messageBufs
// until it is handled: a buffer of its own for each message was 3–4 % of
// what the server allocated at 4,000 tables (docs/cluster.md), and a
// buffer for each connection would be held while it waits.
type message struct{ buf *bytes.Buffer }

var messageBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Bytes is the message; nil for none. They are not to be kept past
// release.
func (m message) Bytes() []byte {
	if m.buf == nil {
		return nil
	}
	return m.buf.Bytes()
}

// release gives the message's buffer back.
func (m message) release() {
	if m.buf != nil {
		m.buf.Reset()
		messageBufs.Put(m.buf)
	}
}

// readMessage reads the connection's next message; one over MaxMessage
// bytes is read to its end and discarded, an ErrMessage.
func readMessage(ctx context.Context, conn *websocket.Conn) (message, error) {
	_, rd, err := conn.Reader(ctx)
	if err != nil {
		return message{}, err
	}
	m := message{messageBufs.Get().(*bytes.Buffer)}
	if _, err := m.buf.ReadFrom(io.LimitReader(rd, MaxMessage+1)); err != nil {
		m.release()
		return message{}, err
	}
	if m.buf.Len() > MaxMessage {
		m.release()
		if _, err := io.Copy(io.Discard, rd); err != nil {
			return message{}, err
		}
		return message{}, fmt.Errorf("server: message over %d bytes: %w", MaxMessage, ErrMessage)
	}
	return m, nil
}

// apart runs f on a goroutine of its own and returns what it returns.
// Handling a message goes deep (its JSON decoded, the table's intent, an
// error's words) and grows the stack of the goroutine that does it, which
// then ends; the reader, which waits for the next message all the
// connection's life, keeps a small stack (8.6 KB each before; two a
// table, docs/cluster.md).
func apart(f func() bool) bool {
	done := make(chan bool, 1)
	go func() { done <- f() }()
	return <-done
}

// handle acts on one message of the client, or on the error reading it
// (readErr, an ErrMessage); false once the connection is to end.
func handle(data []byte, readErr error, limiter *rate.Limiter, sk sink, c *client, maxSpeed float64) bool {
	if readErr != nil {
		c.reply(errorMessage(readErr))
		return true
	}
	if !limiter.Allow() {
		c.reply(errorMessage(fmt.Errorf("server: more than %d messages a second: %w", msgRate, ErrMessage)))
		return true
	}
	in, err := decodeMessage(data, maxSpeed)
	if err != nil {
		c.reply(errorMessage(err))
		return true
	}
	switch in.kind {
	case "ping":
		c.reply(protocol.Encode(protocol.PongMsg{V: protocol.Version, Type: protocol.TypePong}))
	case "sit":
		// The page of another site may navigate a signed-in browser to
		// a table, never read its session's CSRF token: a seat is taken
		// by the player's own page.
		if c.csrf != "" && subtle.ConstantTimeCompare([]byte(in.csrf), []byte(c.csrf)) != 1 {
			c.reply(errorMessage(fmt.Errorf("server: seat %d: a signed-in player takes a seat from his own page; reload it: %w", in.seat, ErrSitCSRF)))
			return true
		}
		msg, ok := sk.sit(c, in.seat, in.nickname)
		if !ok {
			return false
		}
		if msg != nil {
			c.reply(msg)
		}
	case "act":
		return sk.act(c, in.action)
	case "aim":
		return sk.aim(c, in.aim)
	case "say":
		return sk.say(c, in.words)
	}
	return true
}
