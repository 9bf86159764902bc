package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/record"
)

// relay holds this node's clients at a table another node owns: it
// listens to the table's messages on the bus and passes each to the
// clients it is for.
type relay struct {
	id    string
	unsub func() error
	conns map[string]*remoteConn
}

// remoteConn is a client here at a table owned elsewhere; epoch is the
// owner's epoch that welcomed it (0 until then).
type remoteConn struct {
	c     *client
	epoch int64
}

// How long a client's join waits for a table that no node serves (its
// owner died and its lease has not been taken yet), and how long any
// other request to an owner waits.
const (
	joinWait    = 10 * time.Second
	requestWait = 3 * time.Second
)

// remoteSink sends a connection's intents to the owner of its table.
type remoteSink struct {
	n  *node
	id string
}

// joinRemote joins a client to a table owned by another node: it listens
// to the table's messages first, so that none after the owner's welcome
// is missed, then asks the owner to join, waiting while the table moves.
func (n *node) joinRemote(ctx context.Context, id string, c *client, since int64) (sink, error) {
	rec, err := n.srv.store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	if !rec.Finished.IsZero() {
		return nil, fmt.Errorf("server: table %s is not in play: %w", id, carrom.ErrNotFound)
	}
	c.conn = newID(8)
	if err := n.attach(id, c); err != nil {
		return nil, err
	}
	f := forward{Op: "join", Conn: c.conn, Node: n.Node, Run: n.run, Token: c.token, Account: c.account, Nickname: c.nickname, Since: since}
	deadline := n.srv.clock.Now().Add(joinWait)
	for {
		r, err := n.request(ctx, id, f, requestWait)
		if err == nil && !r.Unknown {
			n.srv.metrics.forwards.Inc()
			return remoteSink{n: n, id: id}, nil
		}
		if err != nil && !errors.Is(err, carrom.ErrNoOwner) || n.srv.clock.Now().After(deadline) || ctx.Err() != nil {
			n.detach(id, c)
			if err == nil {
				err = errNoOwner
			}
			return nil, err
		}
		select {
		case <-time.After(100 * time.Millisecond):
		case <-ctx.Done():
		}
	}
}

func (r remoteSink) sit(c *client, seat int, nickname string) ([]byte, bool) {
	rep, ok := r.send(c, forward{Op: "sit", Conn: c.conn, Seat: seat, Nickname: nickname})
	return rep.Error, ok
}

func (r remoteSink) act(c *client, a game.Action) bool {
	data, err := record.FormatAction(a)
	if err != nil {
		c.reply(errorMessage(err))
		return true
	}
	rep, ok := r.send(c, forward{Op: "act", Conn: c.conn, Action: data})
	if ok && rep.Error != nil {
		c.reply(rep.Error)
	}
	return ok
}

// aim passes a live aim on to the owner, unanswered: an aim lost while
// the table moves is followed by the next within 125 ms.
func (r remoteSink) aim(c *client, a protocol.Aim) bool { return r.tell(c, "aim", a) }

// tell publishes an intent to the owner without waiting for an answer:
// v, as the forward's action.
func (r remoteSink) tell(c *client, op string, v any) bool {
	data, err := json.Marshal(v)
	if err != nil {
		return true
	}
	if err := r.n.Bus.Publish(inSubject(r.id), carrom.BusMsg{Data: encode(forward{Op: op, Conn: c.conn, Action: data})}); err != nil {
		r.n.srv.log.Warn("forwarding an intent", "op", op, "table", r.id, "err", err)
	}
	return true
}

// send forwards an intent to the owner. An owner that does not answer,
// or no longer knows the connection, has lost the table: the client is
// told to reconnect, and will join the new owner.
func (r remoteSink) send(c *client, f forward) (forwardReply, bool) {
	rep, err := r.n.request(r.n.srv.ctx, r.id, f, requestWait)
	r.n.srv.metrics.forwards.Inc()
	if err != nil || rep.Unknown {
		c.drop(websocket.StatusServiceRestart, "table moving: reconnect")
		return rep, false
	}
	return rep, true
}

func (r remoteSink) leave(c *client) {
	r.n.detach(r.id, c)
	// The owner may be gone; it would then have forgotten the client.
	r.n.request(r.n.srv.ctx, r.id, forward{Op: "leave", Conn: c.conn}, time.Second)
}

// attach adds a client to the table's relay, starting the relay if need be.
func (n *node) attach(id string, c *client) error {
	n.srv.mu.Lock()
	defer n.srv.mu.Unlock()
	rl := n.relays[id]
	if rl == nil {
		rl = &relay{id: id, conns: map[string]*remoteConn{}}
		unsub, err := n.Bus.Subscribe(outSubject(id), func(m carrom.BusMsg) { n.relayed(rl, m) })
		if err != nil {
			return err
		}
		rl.unsub = unsub
		n.relays[id] = rl
	}
	rl.conns[c.conn] = &remoteConn{c: c}
	return nil
}

// detach removes a client from its relay, ending the relay with its last
// client.
func (n *node) detach(id string, c *client) {
	n.srv.mu.Lock()
	defer n.srv.mu.Unlock()
	rl := n.relays[id]
	if rl == nil {
		return
	}
	delete(rl.conns, c.conn)
	if len(rl.conns) == 0 {
		delete(n.relays, id)
		if err := rl.unsub(); err != nil {
			n.srv.log.Warn("unsubscribing", "table", id, "err", err)
		}
	}
}

// relayed passes a message of a table's owner to the clients here it is
// for. A client takes messages only from the owner that welcomed it (or a
// later one); "moved", from a new owner, sends the clients of an older
// one to reconnect, and "gone" one client the owner took for lost with
// this node.
func (n *node) relayed(rl *relay, m carrom.BusMsg) {
	epoch, _ := strconv.ParseInt(m.Header["epoch"], 10, 64)
	n.srv.mu.Lock()
	defer n.srv.mu.Unlock()
	if n.relays[rl.id] != rl {
		return
	}
	if m.Header["kind"] == "moved" {
		for _, rc := range rl.conns {
			if rc.epoch != 0 && rc.epoch < epoch {
				rc.c.drop(websocket.StatusServiceRestart, "table moved: reconnect")
			}
		}
		return
	}
	if m.Header["kind"] == "gone" {
		if rc := rl.conns[m.Header["to"]]; rc != nil && epoch >= rc.epoch {
			rc.c.drop(websocket.StatusServiceRestart, "table's owner lost this node: reconnect")
		}
		return
	}
	pass := func(rc *remoteConn) { rc.c.reply(m.Data) }
	if to := m.Header["to"]; to != "" {
		if rc := rl.conns[to]; rc != nil && epoch >= rc.epoch {
			rc.epoch = epoch
			pass(rc)
		}
		return
	}
	skip := m.Header["skip"]
	for conn, rc := range rl.conns {
		if conn != skip && rc.epoch != 0 && epoch >= rc.epoch {
			pass(rc)
		}
	}
}
