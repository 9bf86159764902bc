package server

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/table"
)

// node is the state of a server that is one node of a cluster
// (Config.Cluster); a single node has none. Its maps are the server's
// mu's.
type node struct {
	Cluster
	srv *Server
	run string // this process's run of the node, new at each start
	// Its leases last ttl and were last renewed at renewed; strays are
	// the leases it held at the last round without running their tables
	// (both the lease loop's only).
	ttl     time.Duration
	renewed time.Time
	strays  map[string]bool
	// adopting are the tables taken over and not yet running; adoptions
	// counts the goroutines adopting them, at most adoptSlots at once.
	adopting   map[string]bool
	adoptions  sync.WaitGroup
	adoptSlots chan struct{}
	// closing is set once the node hands its tables over, or stops;
	// loopStop stops its lease loop and its subscriptions.
	closing  atomic.Bool
	loopStop func()
	// leased are the tables running here, by ID; remotes are the clients
	// at other nodes joined to them, by connection; relays hold the
	// clients here at tables of other nodes.
	leased  map[string]*leased
	remotes map[string]remoteClient
	relays  map[string]*relay
}

func newNode(s *Server, c Cluster) *node {
	n := &node{
		Cluster: c, srv: s, run: newID(8), ttl: c.LeaseTTL,
		adopting: map[string]bool{}, adoptSlots: make(chan struct{}, adoptAtOnce),
		leased: map[string]*leased{}, remotes: map[string]remoteClient{}, relays: map[string]*relay{},
	}
	if n.ttl == 0 {
		n.ttl = 3 * time.Second
	}
	return n
}

// leased is a table this node runs under its lease of epoch: it fences
// the table's actions in the store (the table's store), and carries the
// table's messages to its clients here and at the other nodes (the
// table's fan-out).
type leased struct {
	n     *node
	t     *table.Table
	epoch int64
	stop  context.CancelFunc // stops the table's goroutine
	// moved is set once this node has let the table go (its lease taken
	// or handed over): its clients here must reconnect. losing is set once
	// the lease round has found the lease taken, so that the loss is
	// counted once.
	moved, losing atomic.Bool
	// unsub ends the table's subscription to its intents subject; nil if
	// subscribing failed.
	unsub func() error
}

// newTableLease takes the lease of a new table, of ID id, and returns its
// epoch.
func (n *node) newTableLease(ctx context.Context, id string) (int64, error) {
	taken, err := n.Leases.Take(ctx, n.Node, n.ttl, []string{id})
	if err == nil && len(taken) != 1 {
		err = errors.New("server: the lease is held already")
	}
	if err != nil {
		return 0, err
	}
	return taken[0].Epoch, nil
}

// hold makes t, about to run under this node's lease of epoch until stop,
// a table of the cluster: its actions fenced, its messages sent to the
// clients at other nodes too, the intents forwarded by them heard.
func (n *node) hold(t *table.Table, epoch int64, stop context.CancelFunc) *leased {
	lt := &leased{n: n, t: t, epoch: epoch, stop: stop}
	t.Route(lt, lt)
	unsub, err := n.Bus.Subscribe(inSubject(t.ID()), func(m carrom.BusMsg) { n.forwarded(lt, m) })
	if err != nil {
		n.srv.log.Error("listening to the table's intents", "table", t.ID(), "err", err)
	}
	lt.unsub = unsub
	n.srv.mu.Lock()
	n.leased[t.ID()] = lt
	n.srv.mu.Unlock()
	return lt
}

// ended forgets a table whose goroutine has ended, and the clients of
// other nodes joined to it; its clients here reconnect if it has moved.
func (n *node) ended(lt *leased) {
	if lt.unsub != nil {
		if err := lt.unsub(); err != nil {
			lt.t.Log().Warn("unsubscribing", "err", err)
		}
	}
	n.srv.mu.Lock()
	if n.leased[lt.t.ID()] == lt {
		// Not a newer run of the table, taken back meanwhile.
		delete(n.leased, lt.t.ID())
	}
	for conn, rc := range n.remotes {
		if rc.lt == lt {
			delete(n.remotes, conn)
		}
	}
	n.srv.mu.Unlock()
	if lt.moved.Load() {
		for _, tc := range lt.t.Clients() {
			if c := tc.(*client); c.conn == "" {
				c.drop(websocket.StatusServiceRestart, "table moved: reconnect")
			}
		}
	}
}

// letGo stops a table this node no longer owns: it commits nothing more,
// and its clients here are told to reconnect.
func (lt *leased) letGo() {
	lt.moved.Store(true)
	lt.stop()
}

// letGoInTurn lets the table go once the messages posted to it before
// are handled.
func (lt *leased) letGoInTurn() {
	lt.moved.Store(true)
	lt.t.Stop()
}

// AppendAction stores the table's action under this node's epoch: a
// store that refuses it, the table having a newer owner, has what that
// owner committed for the table's history, and this node lets the table
// go.
func (lt *leased) AppendAction(ctx context.Context, id string, a carrom.ActionRecord) error {
	a.Epoch = lt.epoch
	err := lt.n.srv.store.AppendAction(ctx, id, a)
	if errors.Is(err, carrom.ErrStaleEpoch) {
		lt.n.srv.metrics.refusals.Inc()
		lt.t.Log().Warn("commit refused: the table has a newer owner; letting it go", "epoch", lt.epoch, "seq", a.Seq)
		lt.letGo()
	}
	return err
}

func (lt *leased) FinishTable(ctx context.Context, id string, at time.Time, result []byte) error {
	return lt.n.srv.store.FinishTable(ctx, id, at, result)
}

func (lt *leased) ClaimSeat(ctx context.Context, id string, s carrom.SeatRecord) error {
	return lt.n.srv.store.ClaimSeat(ctx, id, s)
}

// Deliver sends msg to c: over the bus if c is at another node.
func (lt *leased) Deliver(c table.Client, msg []byte) bool {
	if conn := c.(*client).conn; conn != "" {
		lt.publish(msg, conn, "")
		return true
	}
	return connections{}.Deliver(c, msg)
}

// Broadcast sends msg to the clients here but skip, and once over the
// bus to those at the other nodes.
func (lt *leased) Broadcast(clients map[table.Client]struct{}, msg []byte, skip table.Client) (dropped []table.Client) {
	for c := range clients {
		if c != skip && c.(*client).conn == "" && !(connections{}).Deliver(c, msg) {
			dropped = append(dropped, c)
		}
	}
	s := ""
	if skip != nil {
		s = skip.(*client).conn
	}
	lt.publish(msg, "", s)
	return dropped
}

// publish sends a table's message to the clients at other nodes: to one
// connection, or to all but skip.
func (lt *leased) publish(msg []byte, to, skip string) {
	h := map[string]string{"epoch": strconv.FormatInt(lt.epoch, 10)}
	if to != "" {
		h["to"] = to
	}
	if skip != "" {
		h["skip"] = skip
	}
	if err := lt.n.Bus.Publish(outSubject(lt.t.ID()), carrom.BusMsg{Header: h, Data: msg}); err != nil {
		lt.t.Log().Warn("publishing to other nodes", "err", err)
	}
}
