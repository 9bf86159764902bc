package cluster

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/table"
)

// Env is what a node reaches of the server that runs it, given once by
// the server (its composition).
type Env struct {
	Store  Store  // the tables' store, whose writes the leases fence
	Tables Tables // the tables running here
	Clock  Clock
	Log    *slog.Logger
	// Metrics counts the node's forwards, takeovers, leases lost and
	// commits refused.
	Metrics Metrics
	// ErrorMessage is an error as the message a client is sent.
	ErrorMessage func(error) []byte
	// Handlers are the server's own subjects on the bus (a deleted
	// account's seats, a tournament's bell), listened to while the node
	// runs (Start to HandOver).
	Handlers map[string]func(carrom.BusMsg)
	// Ctx ends when the server closes: the lease loop ends with it.
	Ctx context.Context
}

// Store is what a node reads and writes of the tables in the store: what
// a table writes, fenced by the node's lease, and a table's record.
type Store interface {
	table.Store
	Table(ctx context.Context, id string) (carrom.TableRecord, error)
}

// Tables are the tables running on the server of this node.
type Tables interface {
	// Table is the table id running here, or nil.
	Table(id string) *table.Table
	// Load rebuilds a stored table by replaying its actions.
	Load(ctx context.Context, rec carrom.TableRecord) (*table.Table, error)
	// Adopt runs t, taken over under this node's lease of epoch: the
	// server starts it, and holds it here (Hold).
	Adopt(ctx context.Context, t *table.Table, epoch int64)
}

// Clock is the server's time.
type Clock interface{ Now() time.Time }

// Metrics are the node's counters.
type Metrics struct {
	Forwards, Takeovers, LeaseLost, Refusals interface{ Inc() }
}

// Conn is a client connected to this node (the server's WebSocket
// connection), as the cluster reaches it: at a table here, or relayed to
// one of another node.
type Conn interface {
	table.Client
	// Reply queues msg for the client: false if it cannot keep up, and
	// is dropped.
	Reply(msg []byte) bool
	// Reconnect closes the connection, telling the page why and to
	// connect again.
	Reconnect(why string)
}

// Node is the state of a server that is one node of a cluster (Config);
// a single node has none.
type Node struct {
	Config
	env Env
	run string // this process's run of the node, new at each start
	// Its leases last ttl and were last renewed at renewed; strays are
	// the leases it held at the last round without running their tables
	// (both the lease loop's only).
	ttl     time.Duration
	renewed time.Time
	strays  map[string]bool
	// closing is set once the node hands its tables over, or stops;
	// loopStop stops its lease loop and its subscriptions.
	closing  atomic.Bool
	loopStop func()
	// mu guards leased, remotes, the relays' and the adoptions' maps.
	// leased are the tables running here, by ID; remotes are the clients
	// at other nodes joined to them, by connection.
	mu        sync.Mutex
	leased    map[string]*leased
	remotes   map[string]remoteClient
	relays    relays
	adoptions adoptions
}

// New makes the node of a server; Start starts it.
func New(c Config, env Env) *Node {
	n := &Node{
		Config: c, env: env, run: rand.Text(), ttl: c.LeaseTTL,
		leased: map[string]*leased{}, remotes: map[string]remoteClient{},
	}
	n.relays = relays{n: n, byTable: map[string]*relay{}}
	n.adoptions = adoptions{n: n, adopting: map[string]bool{}, slots: make(chan struct{}, adoptAtOnce)}
	if n.ttl == 0 {
		n.ttl = 3 * time.Second
	}
	return n
}

// TTL is how long the node's leases last unrenewed (Config.LeaseTTL, or
// its default).
func (n *Node) TTL() time.Duration { return n.ttl }

// leased is a table this node runs under its lease of epoch: it fences
// the table's actions in the store (the table's store), and carries the
// table's messages to its clients here and at the other nodes (the
// table's fan-out).
type leased struct {
	n     *Node
	t     *table.Table
	epoch int64
	stop  context.CancelFunc // ends the table
	// moved is set once this node has let the table go (its lease taken
	// or handed over): its clients here must reconnect. losing is set once
	// the lease round has found the lease taken, so that the loss is
	// counted once.
	moved, losing atomic.Bool
	// unsub ends the table's subscription to its intents subject; nil if
	// subscribing failed.
	unsub func() error
}

// TakeLease takes the lease of a new table, of ID id, and returns its
// epoch.
func (n *Node) TakeLease(ctx context.Context, id string) (int64, error) {
	taken, err := n.Leases.Take(ctx, n.Node, n.ttl, []string{id})
	if err == nil && len(taken) != 1 {
		err = errors.New("cluster: the lease is held already")
	}
	if err != nil {
		return 0, err
	}
	return taken[0].Epoch, nil
}

// Hold makes t, about to run under this node's lease of epoch until stop,
// a table of the cluster: its actions fenced, its messages sent to the
// clients at other nodes too, the intents forwarded by them heard. ended
// is to be called once its goroutine has ended.
func (n *Node) Hold(t *table.Table, epoch int64, stop context.CancelFunc) (ended func()) {
	lt := &leased{n: n, t: t, epoch: epoch, stop: stop}
	t.Route(lt, lt)
	unsub, err := n.Bus.Subscribe(inSubject(t.ID()), func(m carrom.BusMsg) { n.forwarded(lt, m) })
	if err != nil {
		n.env.Log.Error("listening to the table's intents", "table", t.ID(), "err", err)
	}
	lt.unsub = unsub
	n.mu.Lock()
	n.leased[t.ID()] = lt
	n.mu.Unlock()
	return func() { n.ended(lt) }
}

// ended forgets a table whose goroutine has ended, and the clients of
// other nodes joined to it; its clients here reconnect if it has moved.
func (n *Node) ended(lt *leased) {
	if lt.unsub != nil {
		if err := lt.unsub(); err != nil {
			lt.t.Log().Warn("unsubscribing", "err", err)
		}
	}
	n.mu.Lock()
	if n.leased[lt.t.ID()] == lt {
		// Not a newer run of the table, taken back meanwhile.
		delete(n.leased, lt.t.ID())
	}
	for conn, rc := range n.remotes {
		if rc.lt == lt {
			delete(n.remotes, conn)
		}
	}
	n.mu.Unlock()
	if lt.moved.Load() {
		for _, tc := range lt.t.Clients() {
			if c, here := tc.(Conn); here {
				c.Reconnect("table moved: reconnect")
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
	err := lt.n.env.Store.AppendAction(ctx, id, a)
	if errors.Is(err, carrom.ErrStaleEpoch) {
		lt.n.env.Metrics.Refusals.Inc()
		lt.t.Log().Warn("commit refused: the table has a newer owner; letting it go", "epoch", lt.epoch, "seq", a.Seq)
		lt.letGo()
	}
	return err
}

func (lt *leased) FinishTable(ctx context.Context, id string, at time.Time, result []byte) error {
	return lt.n.env.Store.FinishTable(ctx, id, at, result)
}

func (lt *leased) Actions(ctx context.Context, id string) ([]carrom.ActionRecord, error) {
	return lt.n.env.Store.Actions(ctx, id)
}

func (lt *leased) ClaimSeat(ctx context.Context, id string, s carrom.SeatRecord) error {
	return lt.n.env.Store.ClaimSeat(ctx, id, s)
}

// Deliver sends msg to c: over the bus if c is at another node.
func (lt *leased) Deliver(c table.Client, msg []byte) bool {
	if pc, far := c.(*peerClient); far {
		lt.publish(msg, pc.conn, "")
		return true
	}
	return c.(Conn).Reply(msg)
}

// Broadcast sends msg to the clients here but skip, and once over the
// bus to those at the other nodes.
func (lt *leased) Broadcast(clients map[table.Client]struct{}, msg []byte, skip table.Client) (dropped []table.Client) {
	for c := range clients {
		if here, ok := c.(Conn); ok && c != skip && !here.Reply(msg) {
			dropped = append(dropped, c)
		}
	}
	s := ""
	if pc, far := skip.(*peerClient); far {
		s = pc.conn
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
