package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"strconv"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/record"
)

// Bus carries a cluster's messages between its nodes; internal/bus
// implements it on NATS. A single node has none: its tables and clients
// talk over channels.
type Bus interface {
	Publish(subject string, m carrom.BusMsg) error
	// Subscribe calls handle for every message on subject, one at a time
	// and in the order they were published; the subscription is in force
	// on the bus when it returns. unsubscribe ends it.
	Subscribe(subject string, handle func(carrom.BusMsg)) (unsubscribe func() error, err error)
	// Request sends data to the subscriber of subject and returns its
	// answer: carrom.ErrNoOwner if nobody listens.
	Request(ctx context.Context, subject string, data []byte) ([]byte, error)
	// Ping checks that the bus answers.
	Ping(ctx context.Context) error
}

// Leases is the ownership of the tables among a cluster's nodes, kept in
// the store beside the actions it fences (docs/cluster.md).
type Leases interface {
	// Take gives node the leases of the tables named that are free
	// (expired or never held), each with its epoch raised by one.
	Take(ctx context.Context, node string, ttl time.Duration, tables []string) ([]carrom.Lease, error)
	// Renew marks node alive and extends every lease it holds; a lease
	// missing from the answer has been taken by another node.
	Renew(ctx context.Context, node string, ttl time.Duration) ([]carrom.Lease, error)
	// Candidates lists the tables in play that nobody holds and the nodes
	// alive.
	Candidates(ctx context.Context) ([]carrom.Candidate, []string, error)
	// Release lets node's leases of the tables go at once; with leave the
	// node stops counting as alive.
	Release(ctx context.Context, node string, tables []string, leave bool) error
	// Fence raises a table's ownership epoch in the store: from then on
	// the store refuses an action under an older one (carrom.ErrStaleEpoch).
	Fence(ctx context.Context, tableID string, epoch int64) error
}

// Config makes a server one node of several sharing one store and one
// bus: every table in play is owned by one node, which holds its lease;
// the others forward their clients' intents to it.
type Config struct {
	Node   string // this node's name, unique in the cluster
	Bus    Bus
	Leases Leases
	// LeaseTTL is how long a lease lasts unrenewed; a node renews its
	// leases every third of it. 3 s if zero.
	LeaseTTL time.Duration
}

// The bus subjects: a table's intents go to its owner on in; its owner's
// messages for clients go out on out, to every node with clients there.
func inSubject(id string) string  { return "carrom.table." + id + ".in" }
func outSubject(id string) string { return "carrom.table." + id + ".out" }

// leasesSubject carries the notice that a node has let leases go, so
// that the others take them at once rather than at their next round.
const leasesSubject = "carrom.leases"

// nodesSubject carries a node's hello when it starts: its name and its
// run, a new one at each start of the process.
const nodesSubject = "carrom.nodes"

type nodeHello struct {
	Node string `json:"node"`
	Run  string `json:"run"`
}

// forward is an intent of a client at another node, sent to the owner.
type forward struct {
	Op       string          `json:"op"` // join, leave, sit, act, aim, say, state, rematch, lost
	Conn     string          `json:"conn,omitempty"`
	Node     string          `json:"node,omitempty"` // a join's: the node the client is connected to
	Run      string          `json:"run,omitempty"`  // and that node's run (nodeHello)
	Token    string          `json:"token,omitempty"`
	Account  string          `json:"account,omitempty"` // a join's: the account of its session
	Nickname string          `json:"nickname,omitempty"`
	Since    int64           `json:"since,omitempty"`
	Seat     int             `json:"seat,omitempty"`
	Action   json.RawMessage `json:"action,omitempty"` // an act's action, an aim's aim
	Table    string          `json:"table,omitempty"`  // a rematch's new table
	Epoch    int64           `json:"epoch,omitempty"`  // a lost lease's epoch
}

// forwardReply is the owner's answer: Error is an error message for the
// client, ready to send; Unknown says the owner does not know the
// connection (it has changed owner since), which must join again.
type forwardReply struct {
	Epoch   int64           `json:"epoch"`
	Error   json.RawMessage `json:"error,omitempty"`
	Unknown bool            `json:"unknown,omitempty"`
	State   json.RawMessage `json:"state,omitempty"`
}

// remoteClient is a client at another node, as its table's owner knows
// it; node is the node it is connected to ("" if that node did not say)
// and run that node's run, joined when its join came in.
type remoteClient struct {
	lt     *leased
	c      *peerClient
	node   string
	run    string
	joined time.Time
}

// peerClient is a client at another node as its table here knows it (a
// table.Client): reached over the bus, by its connection's name there.
type peerClient struct{ token, nickname, account, conn string }

func (c *peerClient) Token() string    { return c.token }
func (c *peerClient) Nickname() string { return c.nickname }
func (c *peerClient) Account() string  { return c.account }

// forwarded handles a request to a table this node owns, on the bus's
// goroutine of the table's subscription.
func (n *Node) forwarded(lt *leased, m carrom.BusMsg) {
	var f forward
	t := lt.t
	reply := forwardReply{Epoch: lt.epoch}
	answer := func() {
		if m.Respond != nil {
			m.Respond(protocol.Encode(reply))
		}
	}
	defer answer()
	if err := json.Unmarshal(m.Data, &f); err != nil {
		reply.Error = n.env.ErrorMessage(fmt.Errorf("cluster: forwarded intent: %v: %w", err, table.ErrMessage))
		return
	}
	if f.Op == "state" {
		if st, ok := t.State(context.Background()); ok {
			reply.State = st
		} else {
			reply.Unknown = true
		}
		return
	}
	if f.Op == "lost" {
		// Sent by this node's lease round to itself; the table's new owner
		// hears it too, and so does a later run of the table here.
		if f.Node == n.Node && f.Epoch == lt.epoch {
			lt.letGoInTurn()
		}
		return
	}
	if f.Op == "rematch" {
		if f.Table == "" {
			reply.Error = n.env.ErrorMessage(fmt.Errorf("cluster: forwarded rematch without its table: %w", table.ErrMessage))
		} else if !t.Rematch(f.Table) {
			reply.Unknown = true
		}
		return
	}
	n.fromClient(lt, f, &reply)
}

// fromClient hands a table this node owns the intent of a client at
// another node, and answers it in reply.
func (n *Node) fromClient(lt *leased, f forward, reply *forwardReply) {
	t := lt.t
	n.mu.Lock()
	rc, ok := n.remotes[f.Conn]
	if f.Op == "join" && !ok {
		rc = remoteClient{lt: lt, node: f.Node, run: f.Run, joined: n.env.Clock.Now(), c: &peerClient{token: f.Token, nickname: f.Nickname, account: f.Account, conn: f.Conn}}
		n.remotes[f.Conn] = rc
		ok = true
	}
	if f.Op == "leave" {
		delete(n.remotes, f.Conn)
	}
	n.mu.Unlock()
	if !ok || rc.lt != lt {
		reply.Unknown = f.Op != "leave"
		return
	}
	var posted bool
	switch f.Op {
	case "join":
		posted = t.Join(rc.c, f.Since)
	case "leave":
		posted = t.Leave(rc.c)
	case "sit":
		err := t.Sit(rc.c, f.Seat, f.Nickname)
		posted = !errors.Is(err, table.ErrEnded)
		if posted && err != nil {
			reply.Error = n.env.ErrorMessage(err)
		}
	case "aim":
		var a protocol.Aim
		if err := json.Unmarshal(f.Action, &a); err != nil {
			return
		}
		posted = t.Aim(rc.c, a)
	case "say":
		var w table.Words
		if err := json.Unmarshal(f.Action, &w); err != nil {
			return
		}
		posted = t.Say(rc.c, w)
	case "act":
		a, err := record.ParseAction(f.Action)
		if err != nil {
			reply.Error = n.env.ErrorMessage(err)
			return
		}
		posted = t.Act(rc.c, a, n.env.Clock.Now())
	default:
		reply.Error = n.env.ErrorMessage(fmt.Errorf("cluster: forwarded op %q: %w", f.Op, table.ErrMessage))
		return
	}
	if !posted {
		reply.Unknown = true
	}
}

// loseLease tells a table its lease was taken, in turn with the intents
// forwarded to it: through its own intents subject, which delivers in
// order, so that an intent that came in while this node was paused is
// tried first and refused by the store, whatever the goroutines' order
// after the pause.
func (n *Node) loseLease(lt *leased) {
	if lt.unsub != nil {
		lost := forward{Op: "lost", Node: n.Node, Epoch: lt.epoch}
		err := n.Bus.Publish(inSubject(lt.t.ID()), carrom.BusMsg{Data: protocol.Encode(lost)})
		if err == nil {
			return
		}
		lt.t.Log().Warn("telling the table its lease is lost through the bus", "err", err)
	}
	go lt.letGoInTurn()
}

// leaseLoop renews this node's leases and takes the tables nobody holds,
// every third of the lease's life or when another node lets leases go.
// It returns when ctx ends.
func (n *Node) leaseLoop(ctx context.Context, notice <-chan struct{}) {
	tick := time.NewTicker(n.ttl / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-notice:
		}
		n.leaseRound(ctx)
	}
}

// leaseRound renews, lets go of the tables whose lease was taken, and
// takes this node's share of the tables nobody holds.
func (n *Node) leaseRound(ctx context.Context) {
	if !n.renew(ctx) || n.closing.Load() {
		return
	}
	n.takeShare(ctx)
}

// renew renews this node's leases and lets go of the tables whose lease
// was taken; false if the renewal failed.
func (n *Node) renew(ctx context.Context) bool {
	now := n.env.Clock.Now()
	// Only the tables running before the renewal are judged by its
	// answer: one created meanwhile may have taken its lease after.
	owned := n.ownedTables()
	held, err := n.Leases.Renew(ctx, n.Node, n.ttl)
	if err != nil {
		if ctx.Err() == nil {
			n.env.Log.Error("renewing the leases", "err", err)
		}
		if now.Sub(n.renewed) > n.ttl {
			// Our leases may have been taken: stop before the store says so.
			for _, lt := range n.ownedTables() {
				lt.letGo()
			}
		}
		return false
	}
	n.renewed = now
	epochs := map[string]int64{}
	for _, l := range held {
		epochs[l.Table] = l.Epoch
	}
	n.letStraysGo(ctx, held)
	for _, lt := range owned {
		if epochs[lt.t.ID()] != lt.epoch {
			if lt.losing.CompareAndSwap(false, true) {
				lt.t.Log().Warn("lease lost: letting the table go", "epoch", lt.epoch)
				n.env.Metrics.LeaseLost.Inc()
			}
			n.loseLease(lt)
		}
	}
	return true
}

// takeShare takes the leases of this node's share of the tables nobody
// holds, and adopts their tables.
func (n *Node) takeShare(ctx context.Context) {
	asked := n.env.Clock.Now()
	cands, live, err := n.Leases.Candidates(ctx)
	if err != nil {
		if ctx.Err() == nil {
			n.env.Log.Error("listing tables without an owner", "err", err)
		}
		return
	}
	n.dropGone(live, asked)
	var mine []string
	for _, c := range cands {
		if !c.Held && c.Stale < n.ttl {
			// Its creator is taking its lease.
			continue
		}
		// Each table has one node of those alive that takes it first
		// (rendezvous hashing), so the tables of a node that died spread
		// evenly in one round; one left over for a whole lease more is
		// anyone's.
		if c.Stale > n.ttl || rendezvous(c.Table, live, n.Node) == n.Node {
			mine = append(mine, c.Table)
		}
	}
	if len(mine) == 0 {
		return
	}
	taken, err := n.Leases.Take(ctx, n.Node, n.ttl, mine)
	if err != nil && ctx.Err() == nil {
		n.env.Log.Error("taking leases", "err", err)
	}
	n.adoptions.all(ctx, taken)
}

// dropGone treats the clients joined to tables here through a node that
// is no longer alive (its heartbeat expired, or it left) as closed
// connections (dropRemotes). A node counts as alive until a whole lease
// after its last heartbeat, so one merely slow keeps its clients. live
// was asked at asked: a client that joined since, through a node started
// since, is judged at the next round.
func (n *Node) dropGone(live []string, asked time.Time) {
	alive := map[string]bool{n.Node: true}
	for _, n := range live {
		alive[n] = true
	}
	n.dropRemotes("the client's node is gone: the client leaves", func(rc remoteClient) bool {
		return rc.node != "" && !alive[rc.node] && rc.joined.Before(asked)
	})
}

// restarted drops the clients joined here through an earlier run of a
// node that has started again under the same name, within a lease: its
// heartbeat never lapsed, but their connections died with that run.
func (n *Node) restarted(m carrom.BusMsg) {
	var h nodeHello
	if err := json.Unmarshal(m.Data, &h); err != nil || h.Node == "" || h.Run == "" {
		n.env.Log.Warn("a node's hello unread", "data", string(m.Data))
		return
	}
	n.dropRemotes("the client's node has restarted: the client leaves", func(rc remoteClient) bool {
		return rc.node == h.Node && rc.run != "" && rc.run != h.Run
	})
}

// dropRemotes treats the remote clients that gone picks as closed
// connections: each leaves its table, in turn with what the table was
// sent before, so that its seat shows disconnected and its grace period
// starts. The node each was joined through is told, in case it is alive
// after all (its heartbeat failed for a whole lease): it closes their
// connections, which reconnect and join again.
func (n *Node) dropRemotes(why string, gone func(remoteClient) bool) {
	var out []remoteClient
	n.mu.Lock()
	for conn, rc := range n.remotes {
		if gone(rc) {
			delete(n.remotes, conn)
			out = append(out, rc)
		}
	}
	n.mu.Unlock()
	for _, rc := range out {
		t := rc.lt.t
		t.Log().Info(why, "node", rc.node)
		go t.Leave(rc.c)
		h := map[string]string{"epoch": strconv.FormatInt(rc.lt.epoch, 10), "kind": "gone", "to": rc.c.conn}
		if err := n.Bus.Publish(outSubject(t.ID()), carrom.BusMsg{Header: h}); err != nil {
			t.Log().Warn("telling a node its client is gone", "err", err)
		}
	}
}

// letStraysGo releases the leases this node holds without running or
// adopting their tables (a finished table; a table whose start failed), so
// that a table in play is not held, renewed and served by nobody. A lease
// is a stray only at two rounds in a row: a new table is started just
// after its lease is taken.
func (n *Node) letStraysGo(ctx context.Context, held []carrom.Lease) {
	strays := map[string]bool{}
	var gone []string
	n.mu.Lock()
	running := func(id string) bool { return n.adoptions.adopting[id] || n.env.Tables.Table(id) != nil }
	for _, l := range held {
		if running(l.Table) {
			continue
		}
		if n.strays[l.Table] {
			gone = append(gone, l.Table)
			continue
		}
		strays[l.Table] = true
	}
	n.mu.Unlock()
	n.strays = strays
	if len(gone) == 0 {
		return
	}
	if err := n.Leases.Release(ctx, n.Node, gone, false); err != nil && ctx.Err() == nil {
		n.env.Log.Error("releasing leases of tables not running here", "err", err)
	}
}

// rendezvous is the node among live (and self) with the highest weight for
// table.
func rendezvous(table string, live []string, self string) string {
	best, bestH := self, rendezvousWeight(table, self)
	for _, n := range live {
		if h := rendezvousWeight(table, n); h > bestH || (h == bestH && n < best) {
			best, bestH = n, h
		}
	}
	return best
}

// rendezvousWeight is node's weight for table: FNV-1a of the two, mixed
// by MurmurHash3's finalizer. FNV-1a alone ends with one multiplication
// after the node's last byte, so names differing only there ("node-a",
// "node-b") kept their order for most tables: with four such nodes one
// took half the tables, and a dead node's went mostly to one survivor.
func rendezvousWeight(table, node string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(table))
	h.Write([]byte{0})
	h.Write([]byte(node))
	x := h.Sum64()
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// ownedTables are the tables this node runs and has not let go.
func (n *Node) ownedTables() []*leased {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := make([]*leased, 0, len(n.leased))
	for _, lt := range n.leased {
		if !lt.moved.Load() {
			out = append(out, lt)
		}
	}
	return out
}

// HandOver stops every table of this node, then lets their leases go and
// tells the other nodes, which take them at once; within a lease, and
// once: a node not started, or stopped already, has nothing to hand.
func (n *Node) HandOver() {
	if n.loopStop == nil || n.closing.Load() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), n.ttl)
	defer cancel()
	n.closing.Store(true)
	n.loopStop()
	tables := n.ownedTables()
	ids := make([]string, 0, len(tables))
	for _, lt := range tables {
		lt.letGo()
	}
	for _, lt := range tables {
		<-lt.t.Done()
		ids = append(ids, lt.t.ID())
	}
	if err := n.Leases.Release(ctx, n.Node, ids, true); err != nil {
		n.env.Log.Error("releasing the leases", "err", err)
		return
	}
	if err := n.Bus.Publish(leasesSubject, carrom.BusMsg{Data: []byte(n.Node)}); err != nil {
		n.env.Log.Error("announcing the leases released", "err", err)
	}
	n.env.Log.Info("tables handed over", "tables", len(ids))
}

// Halt stops the node as a SIGKILL would, as far as the others can tell:
// its lease loop and its subscriptions stop, nothing is handed over, and
// its leases are left to expire (the server then stops its tables).
func (n *Node) Halt() {
	n.closing.Store(true)
	n.loopStop()
}

// Freeze stops the node as SIGSTOP would, as far as the others can tell:
// it renews no lease and handles no forwarded intent (they wait on the
// bus) until thaw.
func (n *Node) Freeze() (thaw func()) {
	n.loopStop()
	n.mu.Lock()
	return n.mu.Unlock
}

// Start takes this node's first share of the tables and starts its lease
// loop, and listens to the bus: the other nodes' notices and hellos, the
// server's own subjects (Env.Handlers).
func (n *Node) Start(ctx context.Context) error {
	notice := make(chan struct{}, 1)
	handlers := map[string]func(carrom.BusMsg){
		leasesSubject: func(carrom.BusMsg) {
			select {
			case notice <- struct{}{}:
			default:
			}
		},
		nodesSubject: n.restarted,
	}
	maps.Copy(handlers, n.env.Handlers)
	var unsubs []func() error
	unsubscribe := func() {
		for _, u := range unsubs {
			u()
		}
	}
	for subject, h := range handlers {
		u, err := n.Bus.Subscribe(subject, h)
		if err != nil {
			unsubscribe()
			return err
		}
		unsubs = append(unsubs, u)
	}
	// The clients of this node's earlier run, if it ran within a lease,
	// are still counted at their tables' owners: they are gone.
	if err := n.Bus.Publish(nodesSubject, carrom.BusMsg{Data: protocol.Encode(nodeHello{Node: n.Node, Run: n.run})}); err != nil {
		n.env.Log.Warn("saying hello to the other nodes", "err", err)
	}
	// The leases of this node's earlier run, if it ran within a lease,
	// are still in its name, and its first renewal would keep them with
	// no table running: they go, to be taken with a new epoch.
	if err := n.Leases.Release(ctx, n.Node, nil, true); err != nil {
		unsubscribe()
		return err
	}
	if err := n.Bus.Publish(leasesSubject, carrom.BusMsg{}); err != nil {
		n.env.Log.Warn("announcing the leases let go", "err", err)
	}
	n.renewed = n.env.Clock.Now()
	n.leaseRound(ctx)
	lctx, cancel := context.WithCancel(n.env.Ctx)
	done := make(chan struct{})
	// The lease loop ends with the server (Env.Ctx) or at a hand-over.
	go func() {
		defer close(done)
		n.leaseLoop(lctx, notice)
	}()
	n.loopStop = func() {
		cancel()
		<-done
		n.adoptions.wg.Wait()
		unsubscribe()
	}
	return nil
}

// Rematch tells the owner of table id, at another node, of its rematch
// next, which it tells the table's clients.
func (n *Node) Rematch(ctx context.Context, id, next string) error {
	_, err := n.request(ctx, id, forward{Op: "rematch", Table: next}, requestWait)
	return err
}

// errNoOwner is wrapped when a table's owner cannot be reached.
var errNoOwner = fmt.Errorf("cluster: the table is moving to another node, reconnect: %w", carrom.ErrNoOwner)

// request sends a forward to a table's owner and decodes its answer.
func (n *Node) request(ctx context.Context, id string, f forward, wait time.Duration) (forwardReply, error) {
	var r forwardReply
	rctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	data, err := n.Bus.Request(rctx, inSubject(id), protocol.Encode(f))
	if err != nil {
		if errors.Is(err, carrom.ErrNoOwner) || rctx.Err() != nil {
			return r, errNoOwner
		}
		return r, err
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return r, fmt.Errorf("cluster: answer of table %s's owner: %w", id, err)
	}
	return r, nil
}
