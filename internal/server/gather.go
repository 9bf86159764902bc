package server

import (
	"net"
	"sync"
	"time"
)

// gather holds what the WebSocket library writes while a connection's
// writer sends what waits (a frame's header, then its payload in pieces
// past the 1 KB buffer), and sends it to the socket in one write once
// nothing more waits: a message longer than the buffer was two writes,
// each a system call and a packet, and a stroke's event is some 10 KB
// (docs/cluster.md). Outside a hold (a close frame, a pong the library
// answers by itself) it writes through.
type gather struct {
	conn net.Conn
	mu   sync.Mutex
	buf  *[]byte // while held, from gatherBufs
}

// gatherBufs are the buffers of the connections writing now, so that an
// idle connection keeps none.
var gatherBufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// gatherMax is what a hold gathers at most before it is written.
const gatherMax = 64 << 10

// writeTimeout bounds one write to a client's socket: a message with
// what is gathered (outbox.timed), or a push of the live channel (write).
const writeTimeout = 10 * time.Second

func (g *gather) Write(p []byte) (int, error) {
	g.mu.Lock()
	if g.buf != nil {
		*g.buf = append(*g.buf, p...)
		g.mu.Unlock()
		return len(p), nil
	}
	g.mu.Unlock()
	return g.conn.Write(p)
}

// hold gathers what is written from now on, until send or drop.
func (g *gather) hold() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.buf == nil {
		g.buf = gatherBufs.Get().(*[]byte)
	}
}

// full says whether what is held should be written before more is.
func (g *gather) full() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.buf != nil && len(*g.buf) >= gatherMax
}

// send writes what is held, in one write, and stops holding. Its writer
// bounds it as it does the library's writes, by closing the connection
// (outbox.timed).
func (g *gather) send() error {
	b := g.release()
	if b == nil {
		return nil
	}
	defer putGatherBuf(b)
	if len(*b) == 0 {
		return nil
	}
	_, err := g.conn.Write(*b)
	return err
}

// drop forgets what is held: the connection is over.
func (g *gather) drop() {
	if b := g.release(); b != nil {
		putGatherBuf(b)
	}
}

func (g *gather) release() *[]byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	b := g.buf
	g.buf = nil
	return b
}

// putGatherBuf keeps b for another writer, unless a burst made it large.
func putGatherBuf(b *[]byte) {
	if cap(*b) > 4*gatherMax {
		return
	}
	*b = (*b)[:0]
	gatherBufs.Put(b)
}
