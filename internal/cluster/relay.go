package cluster

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/record"
)

// relays are this node's clients at tables other nodes own, by table
// (the node's mu).
type relays struct {
	n       *Node
	byTable map[string]*relay
}

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
	c     Conn
	epoch int64
}

// How long a client's join waits for a table that no node serves (its
// owner died and its lease has not been taken yet), and how long any
// other request to an owner waits.
const (
	JoinWait    = 10 * time.Second
	requestWait = 3 * time.Second
)

// Remote is a connection here at a table another node owns: it sends
// the connection's intents to the owner, as conn (its name there). Each
// method returns false once the table cannot be reached from the
// connection any more: it has been told to reconnect.
type Remote struct {
	n    *Node
	id   string
	conn string
	c    Conn
}

// Join joins a client here to a table owned by another node: it listens
// to the table's messages first, so that none after the owner's welcome
// is missed, then asks the owner to join, waiting while the table moves.
func (n *Node) Join(ctx context.Context, id string, c Conn, since int64) (*Remote, error) {
	rec, err := n.env.Store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	if !rec.Finished.IsZero() {
		return nil, fmt.Errorf("cluster: table %s is not in play: %w", id, carrom.ErrNotFound)
	}
	r := &Remote{n: n, id: id, conn: rand.Text(), c: c}
	if err := n.relays.attach(id, r.conn, c); err != nil {
		return nil, err
	}
	f := forward{Op: "join", Conn: r.conn, Node: n.Node, Run: n.run, Token: c.Token(), Account: c.Account(), Nickname: c.Nickname(), Since: since}
	deadline := n.env.Clock.Now().Add(JoinWait)
	for {
		rep, err := n.request(ctx, id, f, requestWait)
		if err == nil && !rep.Unknown {
			n.env.Metrics.Forwards.Inc()
			return r, nil
		}
		if err != nil && !errors.Is(err, carrom.ErrNoOwner) || n.env.Clock.Now().After(deadline) || ctx.Err() != nil {
			n.relays.detach(id, r.conn)
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

// Sit asks the owner for a seat: errMsg is its refusal, to send.
func (r *Remote) Sit(seat int, nickname string) (errMsg []byte, ok bool) {
	rep, ok := r.send(forward{Op: "sit", Conn: r.conn, Seat: seat, Nickname: nickname})
	return rep.Error, ok
}

// Act forwards an action; the owner's refusal is sent to the client.
func (r *Remote) Act(a game.Action) bool {
	data, err := record.FormatAction(a)
	if err != nil {
		r.c.Reply(r.n.env.ErrorMessage(err))
		return true
	}
	rep, ok := r.send(forward{Op: "act", Conn: r.conn, Action: data})
	if ok && rep.Error != nil {
		r.c.Reply(rep.Error)
	}
	return ok
}

// Aim passes a live aim on to the owner, unanswered: an aim lost while
// the table moves is followed by the next within 125 ms.
func (r *Remote) Aim(a protocol.Aim) bool { return r.tell("aim", a) }

// Say passes a phrase on to the owner, unanswered: the owner tells the
// client of a refusal itself.
func (r *Remote) Say(w table.Words) bool { return r.tell("say", w) }

// tell publishes an intent to the owner without waiting for an answer:
// v, as the forward's action.
func (r *Remote) tell(op string, v any) bool {
	data, err := json.Marshal(v)
	if err != nil {
		return true
	}
	if err := r.n.Bus.Publish(inSubject(r.id), carrom.BusMsg{Data: protocol.Encode(forward{Op: op, Conn: r.conn, Action: data})}); err != nil {
		r.n.env.Log.Warn("forwarding an intent", "op", op, "table", r.id, "err", err)
	}
	return true
}

// send forwards an intent to the owner. An owner that does not answer,
// or no longer knows the connection, has lost the table: the client is
// told to reconnect, and will join the new owner.
func (r *Remote) send(f forward) (forwardReply, bool) {
	rep, err := r.n.request(r.n.env.Ctx, r.id, f, requestWait)
	r.n.env.Metrics.Forwards.Inc()
	if err != nil || rep.Unknown {
		r.c.Reconnect("table moving: reconnect")
		return rep, false
	}
	return rep, true
}

// Leave tells the owner the connection has ended.
func (r *Remote) Leave() {
	r.n.relays.detach(r.id, r.conn)
	// The owner may be gone; it would then have forgotten the client.
	r.n.request(r.n.env.Ctx, r.id, forward{Op: "leave", Conn: r.conn}, time.Second)
}

// attach adds a client to the table's relay, as conn, starting the relay
// if need be.
func (rs *relays) attach(id, conn string, c Conn) error {
	n := rs.n
	n.mu.Lock()
	defer n.mu.Unlock()
	rl := rs.byTable[id]
	if rl == nil {
		rl = &relay{id: id, conns: map[string]*remoteConn{}}
		unsub, err := n.Bus.Subscribe(outSubject(id), func(m carrom.BusMsg) { rs.relayed(rl, m) })
		if err != nil {
			return err
		}
		rl.unsub = unsub
		rs.byTable[id] = rl
	}
	rl.conns[conn] = &remoteConn{c: c}
	return nil
}

// detach removes a client from its relay, ending the relay with its last
// client.
func (rs *relays) detach(id, conn string) {
	n := rs.n
	n.mu.Lock()
	defer n.mu.Unlock()
	rl := rs.byTable[id]
	if rl == nil {
		return
	}
	delete(rl.conns, conn)
	if len(rl.conns) == 0 {
		delete(rs.byTable, id)
		if err := rl.unsub(); err != nil {
			n.env.Log.Warn("unsubscribing", "table", id, "err", err)
		}
	}
}

// relayed passes a message of a table's owner to the clients here it is
// for. A client takes messages only from the owner that welcomed it (or a
// later one); "moved", from a new owner, sends the clients of an older
// one to reconnect, and "gone" one client the owner took for lost with
// this node.
func (rs *relays) relayed(rl *relay, m carrom.BusMsg) {
	epoch, _ := strconv.ParseInt(m.Header["epoch"], 10, 64)
	rs.n.mu.Lock()
	defer rs.n.mu.Unlock()
	if rs.byTable[rl.id] != rl {
		return
	}
	if m.Header["kind"] == "moved" {
		for _, rc := range rl.conns {
			if rc.epoch != 0 && rc.epoch < epoch {
				rc.c.Reconnect("table moved: reconnect")
			}
		}
		return
	}
	if m.Header["kind"] == "gone" {
		if rc := rl.conns[m.Header["to"]]; rc != nil && epoch >= rc.epoch {
			rc.c.Reconnect("table's owner lost this node: reconnect")
		}
		return
	}
	pass := func(rc *remoteConn) { rc.c.Reply(m.Data) }
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
