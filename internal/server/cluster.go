package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
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

// Cluster makes a server one node of several sharing one store and one
// bus: every table in play is owned by one node, which holds its lease;
// the others forward their clients' intents to it.
type Cluster struct {
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
	c      *client
	node   string
	run    string
	joined time.Time
}

// forwarded handles a request to a table this node owns, on the bus's
// goroutine of the table's subscription.
func (n *node) forwarded(lt *leased, m carrom.BusMsg) {
	var f forward
	t := lt.t
	reply := forwardReply{Epoch: lt.epoch}
	answer := func() {
		if m.Respond != nil {
			m.Respond(encode(reply))
		}
	}
	defer answer()
	if err := json.Unmarshal(m.Data, &f); err != nil {
		reply.Error = errorMessage(fmt.Errorf("server: forwarded intent: %v: %w", err, ErrMessage))
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
			reply.Error = errorMessage(fmt.Errorf("server: forwarded rematch without its table: %w", ErrMessage))
		} else if !t.Rematch(f.Table) {
			reply.Unknown = true
		}
		return
	}
	n.fromClient(lt, f, &reply)
}

// fromClient hands a table this node owns the intent of a client at
// another node, and answers it in reply.
func (n *node) fromClient(lt *leased, f forward, reply *forwardReply) {
	t := lt.t
	n.srv.mu.Lock()
	rc, ok := n.remotes[f.Conn]
	if f.Op == "join" && !ok {
		rc = remoteClient{lt: lt, node: f.Node, run: f.Run, joined: n.srv.clock.Now(), c: &client{token: f.Token, nickname: f.Nickname, account: f.Account, conn: f.Conn}}
		n.remotes[f.Conn] = rc
		ok = true
	}
	if f.Op == "leave" {
		delete(n.remotes, f.Conn)
	}
	n.srv.mu.Unlock()
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
			reply.Error = errorMessage(err)
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
			reply.Error = errorMessage(err)
			return
		}
		posted = t.Act(rc.c, a, n.srv.clock.Now())
	default:
		reply.Error = errorMessage(fmt.Errorf("server: forwarded op %q: %w", f.Op, ErrMessage))
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
func (n *node) loseLease(lt *leased) {
	if lt.unsub != nil {
		lost := forward{Op: "lost", Node: n.Node, Epoch: lt.epoch}
		err := n.Bus.Publish(inSubject(lt.t.ID()), carrom.BusMsg{Data: encode(lost)})
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
func (n *node) leaseLoop(ctx context.Context, notice <-chan struct{}) {
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
func (n *node) leaseRound(ctx context.Context) {
	if !n.renew(ctx) || n.closing.Load() {
		return
	}
	n.takeShare(ctx)
}

// renew renews this node's leases and lets go of the tables whose lease
// was taken; false if the renewal failed.
func (n *node) renew(ctx context.Context) bool {
	now := n.srv.clock.Now()
	// Only the tables running before the renewal are judged by its
	// answer: one created meanwhile may have taken its lease after.
	owned := n.ownedTables()
	held, err := n.Leases.Renew(ctx, n.Node, n.ttl)
	if err != nil {
		if ctx.Err() == nil {
			n.srv.log.Error("renewing the leases", "err", err)
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
				n.srv.metrics.leaseLost.Inc()
			}
			n.loseLease(lt)
		}
	}
	return true
}

// takeShare takes the leases of this node's share of the tables nobody
// holds, and adopts their tables.
func (n *node) takeShare(ctx context.Context) {
	asked := n.srv.clock.Now()
	cands, live, err := n.Leases.Candidates(ctx)
	if err != nil {
		if ctx.Err() == nil {
			n.srv.log.Error("listing tables without an owner", "err", err)
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
		n.srv.log.Error("taking leases", "err", err)
	}
	n.adoptAll(ctx, taken)
}

// adoptAll adopts the tables whose leases this node has just taken.
func (n *node) adoptAll(ctx context.Context, taken []carrom.Lease) {
	n.srv.mu.Lock()
	for _, l := range taken {
		n.adopting[l.Table] = true
	}
	n.srv.mu.Unlock()
	for _, l := range taken {
		// Adopted beside this loop, a few at once: a node taking over the
		// hundreds of tables of one that died would otherwise stop renewing
		// its own leases until done, and lose them.
		n.adoptions.Add(1)
		go func() {
			defer n.adoptions.Done()
			select {
			case n.adoptSlots <- struct{}{}:
			case <-ctx.Done():
				n.adopted(l.Table)
				return
			}
			defer func() { <-n.adoptSlots }()
			// Bounded, so that a table whose fence waits (its old owner
			// froze inside a transaction) cannot hold its slot for long.
			actx, cancel := context.WithTimeout(ctx, n.ttl)
			defer cancel()
			n.adopt(actx, l)
			n.adopted(l.Table)
		}()
	}
}

// adopted marks a table taken over as no longer being adopted: it runs
// here now, or its lease was let go.
func (n *node) adopted(id string) {
	n.srv.mu.Lock()
	delete(n.adopting, id)
	n.srv.mu.Unlock()
}

// dropGone treats the clients joined to tables here through a node that
// is no longer alive (its heartbeat expired, or it left) as closed
// connections (dropRemotes). A node counts as alive until a whole lease
// after its last heartbeat, so one merely slow keeps its clients. live
// was asked at asked: a client that joined since, through a node started
// since, is judged at the next round.
func (n *node) dropGone(live []string, asked time.Time) {
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
func (n *node) restarted(m carrom.BusMsg) {
	var h nodeHello
	if err := json.Unmarshal(m.Data, &h); err != nil || h.Node == "" || h.Run == "" {
		n.srv.log.Warn("a node's hello unread", "data", string(m.Data))
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
func (n *node) dropRemotes(why string, gone func(remoteClient) bool) {
	var out []remoteClient
	n.srv.mu.Lock()
	for conn, rc := range n.remotes {
		if gone(rc) {
			delete(n.remotes, conn)
			out = append(out, rc)
		}
	}
	n.srv.mu.Unlock()
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
func (n *node) letStraysGo(ctx context.Context, held []carrom.Lease) {
	strays := map[string]bool{}
	var gone []string
	n.srv.mu.Lock()
	running := func(id string) bool { return n.srv.tables[id] != nil || n.adopting[id] }
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
	n.srv.mu.Unlock()
	n.strays = strays
	if len(gone) == 0 {
		return
	}
	if err := n.Leases.Release(ctx, n.Node, gone, false); err != nil && ctx.Err() == nil {
		n.srv.log.Error("releasing leases of tables not running here", "err", err)
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

// rendezvousWeight is node's weight for table: FNV-1a of the two.
func rendezvousWeight(table, node string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(table))
	h.Write([]byte{0})
	h.Write([]byte(node))
	return h.Sum64()
}

// adopt rebuilds a table whose lease this node has just taken, from the
// store by replay, and starts it; its clock is re-armed from its last
// action and its computer seats play on; a tournament's table waits for
// its round's bell here too (bell.go).
func (n *node) adopt(ctx context.Context, l carrom.Lease) {
	// Fenced first, the table's history is complete when it is read: the
	// old owner can store nothing after.
	err := n.Leases.Fence(ctx, l.Table, l.Epoch)
	var rec carrom.TableRecord
	if err == nil {
		rec, err = n.srv.store.Table(ctx, l.Table)
	}
	if err == nil {
		var t *table.Table
		if t, err = loadTable(ctx, n.srv.store, n.srv.tableEnv, rec); err == nil {
			if t.Finished() {
				return
			}
			// Clients at other nodes still joined to the previous owner
			// reconnect, and join this one.
			h := map[string]string{"epoch": strconv.FormatInt(l.Epoch, 10), "kind": "moved"}
			if err := n.Bus.Publish(outSubject(t.ID()), carrom.BusMsg{Header: h}); err != nil {
				t.Log().Warn("announcing the move", "err", err)
			}
			n.srv.start(t, l.Epoch)
			bells{n.srv}.adopted(ctx, t.ID())
			n.srv.metrics.takeovers.Inc()
			t.Log().Info("table taken over", "seq", t.Seq(), "epoch", l.Epoch, "node", n.Node)
			return
		}
	}
	if n.srv.ctx.Err() != nil || n.closing.Load() {
		return
	}
	n.srv.log.Error("cannot take the table over", "table", l.Table, "err", err)
	// Let it go, so that it is taken again (by this node or another) at
	// the next round rather than held here without running.
	rctx, cancel := context.WithTimeout(n.srv.ctx, n.ttl)
	defer cancel()
	if err := n.Leases.Release(rctx, n.Node, []string{l.Table}, false); err != nil {
		n.srv.log.Error("releasing a lease", "table", l.Table, "err", err)
	}
}

// ownedTables are the tables this node runs and has not let go.
func (n *node) ownedTables() []*leased {
	n.srv.mu.Lock()
	defer n.srv.mu.Unlock()
	out := make([]*leased, 0, len(n.leased))
	for _, lt := range n.leased {
		if !lt.moved.Load() {
			out = append(out, lt)
		}
	}
	return out
}

// handOver stops every table of this node, then lets their leases go and
// tells the other nodes, which take them at once.
func (n *node) handOver(ctx context.Context) {
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
		n.srv.log.Error("releasing the leases", "err", err)
		return
	}
	if err := n.Bus.Publish(leasesSubject, carrom.BusMsg{Data: []byte(n.Node)}); err != nil {
		n.srv.log.Error("announcing the leases released", "err", err)
	}
	n.srv.log.Info("tables handed over", "tables", len(ids))
}

// startCluster takes this node's first share of the tables and starts
// its lease loop.
func (n *node) startCluster(ctx context.Context) error {
	notice := make(chan struct{}, 1)
	unsub, err := n.Bus.Subscribe(leasesSubject, func(carrom.BusMsg) {
		select {
		case notice <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return err
	}
	unsubNodes, err := n.Bus.Subscribe(nodesSubject, n.restarted)
	if err != nil {
		unsub()
		return err
	}
	unsubAccounts, err := n.Bus.Subscribe(accountsSubject, n.srv.vacater.vacated)
	if err != nil {
		unsub()
		unsubNodes()
		return err
	}
	unsubBells, err := n.Bus.Subscribe(bellSubject, bells{n.srv}.rung)
	if err != nil {
		unsub()
		unsubNodes()
		unsubAccounts()
		return err
	}
	// The clients of this node's earlier run, if it ran within a lease,
	// are still counted at their tables' owners: they are gone.
	if err := n.Bus.Publish(nodesSubject, carrom.BusMsg{Data: encode(nodeHello{Node: n.Node, Run: n.run})}); err != nil {
		n.srv.log.Warn("saying hello to the other nodes", "err", err)
	}
	// The leases of this node's earlier run, if it ran within a lease,
	// are still in its name, and its first renewal would keep them with
	// no table running: they go, to be taken with a new epoch.
	if err := n.Leases.Release(ctx, n.Node, nil, true); err != nil {
		return err
	}
	if err := n.Bus.Publish(leasesSubject, carrom.BusMsg{}); err != nil {
		n.srv.log.Warn("announcing the leases let go", "err", err)
	}
	n.renewed = n.srv.clock.Now()
	n.leaseRound(ctx)
	lctx, cancel := context.WithCancel(n.srv.ctx)
	done := make(chan struct{})
	// The lease loop ends with the server (Close) or at a hand-over.
	go func() {
		defer close(done)
		n.leaseLoop(lctx, notice)
	}()
	n.loopStop = func() {
		cancel()
		<-done
		n.adoptions.Wait()
		unsub()
		unsubNodes()
		unsubAccounts()
		unsubBells()
	}
	return nil
}

// errNoOwner is wrapped when a table's owner cannot be reached.
var errNoOwner = fmt.Errorf("server: the table is moving to another node, reconnect: %w", carrom.ErrNoOwner)

// request sends a forward to a table's owner and decodes its answer.
func (n *node) request(ctx context.Context, id string, f forward, wait time.Duration) (forwardReply, error) {
	var r forwardReply
	rctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	data, err := n.Bus.Request(rctx, inSubject(id), encode(f))
	if err != nil {
		if errors.Is(err, carrom.ErrNoOwner) || rctx.Err() != nil {
			return r, errNoOwner
		}
		return r, err
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return r, fmt.Errorf("server: answer of table %s's owner: %w", id, err)
	}
	return r, nil
}
