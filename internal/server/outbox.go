package server

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// outbox is a connection's messages waiting to be written, in order. A
// goroutine writes them only while there are some, and the queue grows
// with them up to sendBuf: an idle connection holds neither (a table in
// play has two connections idle nearly all the time). More than sendBuf
// waiting means the client is too slow.
type outbox struct {
	mu    sync.Mutex
	queue [][]byte
	conn  *websocket.Conn // nil until the connection is accepted
	// gather, if not nil, sends conn's messages to its socket in one
	// write once none waits; set before the connection starts.
	gather *gather
	cancel context.CancelFunc // ends the connection's reader when a write fails
	// quiet is the connection's context without its end, for the
	// library's writes: on a context that can end, the library arms a
	// callback for each write. The connection's end closes it instead
	// (start), and timer bounds each write.
	quiet context.Context
	// timer closes the connection when a write takes longer than timeout
	// (the machine's time, as the socket's). It is the connection's one
	// timer, armed for each write: a deadline of its own for each message
	// was a context, a timer and a callback, some 15 % of what the server
	// allocated (docs/cluster.md). Only the writer uses it.
	timer   *time.Timer
	timeout time.Duration
	// writing is true while a writer goroutine runs; ended once the
	// connection is over, after which nothing is queued or written.
	writing, ended bool
	// closing asks the writer to close the connection with code and why
	// (the table dropped the client) instead of writing what waits.
	closing bool
	code    websocket.StatusCode
	why     string
}

// put queues msg: false if sendBuf messages wait already. Once the client
// is dropped or its connection over, msg is discarded.
func (o *outbox) put(msg []byte) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closing || o.ended {
		return true
	}
	if len(o.queue) >= sendBuf {
		return false
	}
	o.queue = append(o.queue, msg)
	o.wake()
	return true
}

// start begins writing to conn what waits and what comes; a failed write
// cancels ctx, and ctx's end closes conn, ending a read or a write under
// way as the library would on contexts that can end.
func (o *outbox) start(ctx context.Context, cancel context.CancelFunc, conn *websocket.Conn) {
	context.AfterFunc(ctx, func() { conn.CloseNow() })
	o.mu.Lock()
	defer o.mu.Unlock()
	o.quiet, o.cancel, o.conn = context.WithoutCancel(ctx), cancel, conn
	if o.timeout == 0 {
		o.timeout = writeTimeout
	}
	o.wake()
}

// close has the connection closed with code and why, once it has started.
func (o *outbox) close(code websocket.StatusCode, why string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closing, o.code, o.why = true, code, why
	o.queue = nil
	o.wake()
}

// end discards what waits: the connection is over. It returns what to
// close the connection with: the reason the client was dropped, if it was
// (its writer may not have closed the connection yet), or a normal
// closure.
func (o *outbox) end() (websocket.StatusCode, string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.ended, o.queue = true, nil
	if o.closing {
		return o.code, o.why
	}
	return websocket.StatusNormalClosure, ""
}

// wake starts a writer if there is something to do and none runs; o.mu
// is held.
func (o *outbox) wake() {
	if o.conn != nil && !o.writing && !o.ended && (o.closing || len(o.queue) > 0) {
		o.writing = true
		go o.write()
	}
}

// write writes what waits, in order, and ends when nothing does.
func (o *outbox) write() {
	for {
		o.mu.Lock()
		if o.closing && !o.ended {
			o.ended, o.writing = true, false
			code, why := o.code, o.why
			o.mu.Unlock()
			o.flush()
			o.conn.Close(code, why)
			return
		}
		if o.ended || len(o.queue) == 0 {
			o.writing, o.queue = false, nil
			o.mu.Unlock()
			o.flush()
			return
		}
		msg := o.queue[0]
		o.queue[0], o.queue = nil, o.queue[1:]
		last := len(o.queue) == 0
		o.mu.Unlock()
		if err := o.timed(func() error { return o.send(msg, last) }); err != nil {
			o.end()
			o.cancel()
			return
		}
	}
}

// errWriteTimeout is a write that took longer than the outbox's timeout:
// the browser is gone.
var errWriteTimeout = errors.New("server: a write to the client timed out")

// timed runs write, closing the connection if it takes longer than the
// timeout; a write that did is an error even if it ended well.
func (o *outbox) timed(write func() error) error {
	if o.timer == nil {
		conn := o.conn
		o.timer = time.AfterFunc(o.timeout, func() { conn.CloseNow() })
	} else {
		o.timer.Reset(o.timeout)
	}
	err := write()
	if !o.timer.Stop() && err == nil {
		err = errWriteTimeout
	}
	return err
}

// flush sends what is gathered, if anything: the messages the writer
// handed on before the connection ended, and a close frame written
// meanwhile by the connection's reader.
func (o *outbox) flush() {
	if o.gather != nil {
		o.timed(o.gather.send)
	}
}

// send writes msg; what is gathered goes to the socket once msg is the
// last that waits (last), or once it is much. Nothing is held when send
// returns with last set, or with an error.
func (o *outbox) send(msg []byte, last bool) error {
	if o.gather == nil {
		return o.conn.Write(o.quiet, websocket.MessageText, msg)
	}
	o.gather.hold()
	err := o.conn.Write(o.quiet, websocket.MessageText, msg)
	switch {
	case err != nil:
		o.gather.drop()
	case last || o.gather.full():
		err = o.gather.send()
	}
	return err
}
