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
	Op       string          `json:"op"` // join, leave, sit, act, aim, state, rematch, lost
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
	t      *table
	c      *client
	node   string
	run    string
	joined time.Time
}

// forwarded handles a request to a table this node owns, on the bus's
// goroutine of the table's subscription.
func (s *Server) forwarded(t *table, m carrom.BusMsg) {
	var f forward
	reply := forwardReply{Epoch: t.epoch}
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
		ch := make(chan []byte, 1)
		if t.post(stateReq{reply: ch}) {
			reply.State = <-ch
		} else {
			reply.Unknown = true
		}
		return
	}
	if f.Op == "lost" {
		// Sent by this node's lease round to itself; the table's new owner
		// hears it too, and so does a later run of the table here.
		if f.Node == s.cluster.Node && f.Epoch == t.epoch {
			t.post(leaseLost{})
		}
		return
	}
	if f.Op == "rematch" {
		if f.Table == "" {
			reply.Error = errorMessage(fmt.Errorf("server: forwarded rematch without its table: %w", ErrMessage))
		} else if !t.post(rematchReq{id: f.Table}) {
			reply.Unknown = true
		}
		return
	}
	s.mu.Lock()
	rc, ok := s.remotes[f.Conn]
	if f.Op == "join" && !ok {
		rc = remoteClient{t: t, node: f.Node, run: f.Run, joined: s.clock.Now(), c: &client{token: f.Token, nickname: f.Nickname, account: f.Account, conn: f.Conn, gone: make(chan struct{})}}
		s.remotes[f.Conn] = rc
		ok = true
	}
	if f.Op == "leave" {
		delete(s.remotes, f.Conn)
	}
	s.mu.Unlock()
	if !ok || rc.t != t {
		reply.Unknown = f.Op != "leave"
		return
	}
	var posted bool
	switch f.Op {
	case "join":
		posted = t.post(joinReq{c: rc.c, since: f.Since})
	case "leave":
		posted = t.post(leaveReq{c: rc.c})
	case "sit":
		done := make(chan error, 1)
		if posted = t.post(sitReq{c: rc.c, seat: f.Seat, nickname: f.Nickname, reply: done}); posted {
			if err := <-done; err != nil {
				reply.Error = errorMessage(err)
			}
		}
	case "aim":
		var a protocol.Aim
		if err := json.Unmarshal(f.Action, &a); err != nil {
			return
		}
		posted = t.post(aimReq{c: rc.c, aim: a})
	case "act":
		a, err := record.ParseAction(f.Action)
		if err != nil {
			reply.Error = errorMessage(err)
			return
		}
		posted = t.post(actReq{c: rc.c, action: a, at: s.clock.Now()})
	default:
		reply.Error = errorMessage(fmt.Errorf("server: forwarded op %q: %w", f.Op, ErrMessage))
		return
	}
	if !posted {
		reply.Unknown = true
	}
}

// publishOut sends a table's message to the clients at other nodes: to
// one connection, or to all but skip.
func (t *table) publishOut(msg []byte, to, skip string) {
	bus := t.env.bus
	h := map[string]string{"epoch": strconv.FormatInt(t.epoch, 10)}
	if to != "" {
		h["to"] = to
	}
	if skip != "" {
		h["skip"] = skip
	}
	if err := bus.Publish(outSubject(t.id), carrom.BusMsg{Header: h, Data: msg}); err != nil {
		t.log.Warn("publishing to other nodes", "err", err)
	}
}

// broadcast sends msg to every client at the table but skip.
func (t *table) broadcast(msg []byte, skip *client) {
	for c := range t.clients {
		if c != skip && c.conn == "" {
			t.deliver(c, msg)
		}
	}
	if t.env.bus != nil {
		s := ""
		if skip != nil {
			s = skip.conn
		}
		t.publishOut(msg, "", s)
	}
}

// letGo stops a table this node no longer owns: it commits nothing more,
// and its clients here are told to reconnect.
func (t *table) letGo() {
	t.moved.Store(true)
	t.stop()
}

// loseLease tells a table its lease was taken, in turn with the intents
// forwarded to it: through its own intents subject, which delivers in
// order, so that an intent that came in while this node was paused is
// tried first and refused by the store, whatever the goroutines' order
// after the pause.
func (s *Server) loseLease(t *table) {
	if t.listening {
		lost := forward{Op: "lost", Node: s.cluster.Node, Epoch: t.epoch}
		err := s.cluster.Bus.Publish(inSubject(t.id), carrom.BusMsg{Data: encode(lost)})
		if err == nil {
			return
		}
		t.log.Warn("telling the table its lease is lost through the bus", "err", err)
	}
	go t.post(leaseLost{})
}

// leaseLoop renews this node's leases and takes the tables nobody holds,
// every third of the lease's life or when another node lets leases go.
// It returns when ctx ends.
func (s *Server) leaseLoop(ctx context.Context, notice <-chan struct{}) {
	tick := time.NewTicker(s.ttl / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-notice:
		}
		s.leaseRound(ctx)
	}
}

// leaseRound renews, lets go of the tables whose lease was taken, and
// takes this node's share of the tables nobody holds.
func (s *Server) leaseRound(ctx context.Context) {
	cl := s.cluster
	now := s.clock.Now()
	// Only the tables running before the renewal are judged by its
	// answer: one created meanwhile may have taken its lease after.
	owned := s.ownedTables()
	held, err := cl.Leases.Renew(ctx, cl.Node, s.ttl)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("renewing the leases", "err", err)
		}
		if now.Sub(s.renewed) > s.ttl {
			// Our leases may have been taken: stop before the store says so.
			for _, t := range s.ownedTables() {
				t.letGo()
			}
		}
		return
	}
	s.renewed = now
	epochs := map[string]int64{}
	for _, l := range held {
		epochs[l.Table] = l.Epoch
	}
	s.letStraysGo(ctx, held)
	for _, t := range owned {
		if epochs[t.id] != t.epoch {
			if t.losing.CompareAndSwap(false, true) {
				t.log.Warn("lease lost: letting the table go", "epoch", t.epoch)
				s.metrics.leaseLost.Inc()
			}
			s.loseLease(t)
		}
	}
	if s.closing.Load() {
		return
	}
	asked := s.clock.Now()
	cands, live, err := cl.Leases.Candidates(ctx)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("listing tables without an owner", "err", err)
		}
		return
	}
	s.dropGone(live, asked)
	var mine []string
	for _, c := range cands {
		if !c.Held && c.Stale < s.ttl {
			// Its creator is taking its lease.
			continue
		}
		// Each table has one node of those alive that takes it first
		// (rendezvous hashing), so the tables of a node that died spread
		// evenly in one round; one left over for a whole lease more is
		// anyone's.
		if c.Stale > s.ttl || rendezvous(c.Table, live, cl.Node) == cl.Node {
			mine = append(mine, c.Table)
		}
	}
	if len(mine) == 0 {
		return
	}
	taken, err := cl.Leases.Take(ctx, cl.Node, s.ttl, mine)
	if err != nil && ctx.Err() == nil {
		s.log.Error("taking leases", "err", err)
	}
	s.mu.Lock()
	for _, l := range taken {
		s.adopting[l.Table] = true
	}
	s.mu.Unlock()
	for _, l := range taken {
		// Adopted beside this loop, a few at once: a node taking over the
		// hundreds of tables of one that died would otherwise stop renewing
		// its own leases until done, and lose them.
		s.adoptions.Add(1)
		go func() {
			defer s.adoptions.Done()
			select {
			case s.adoptSlots <- struct{}{}:
			case <-ctx.Done():
				s.adopted(l.Table)
				return
			}
			defer func() { <-s.adoptSlots }()
			// Bounded, so that a table whose fence waits (its old owner
			// froze inside a transaction) cannot hold its slot for long.
			actx, cancel := context.WithTimeout(ctx, s.ttl)
			defer cancel()
			s.adopt(actx, l)
			s.adopted(l.Table)
		}()
	}
}

// adopted marks a table taken over as no longer being adopted: it runs
// here now, or its lease was let go.
func (s *Server) adopted(id string) {
	s.mu.Lock()
	delete(s.adopting, id)
	s.mu.Unlock()
}

// dropGone treats the clients joined to tables here through a node that
// is no longer alive (its heartbeat expired, or it left) as closed
// connections (dropRemotes). A node counts as alive until a whole lease
// after its last heartbeat, so one merely slow keeps its clients. live
// was asked at asked: a client that joined since, through a node started
// since, is judged at the next round.
func (s *Server) dropGone(live []string, asked time.Time) {
	alive := map[string]bool{s.cluster.Node: true}
	for _, n := range live {
		alive[n] = true
	}
	s.dropRemotes("the client's node is gone: the client leaves", func(rc remoteClient) bool {
		return rc.node != "" && !alive[rc.node] && rc.joined.Before(asked)
	})
}

// restarted drops the clients joined here through an earlier run of a
// node that has started again under the same name, within a lease: its
// heartbeat never lapsed, but their connections died with that run.
func (s *Server) restarted(m carrom.BusMsg) {
	var h nodeHello
	if err := json.Unmarshal(m.Data, &h); err != nil || h.Node == "" || h.Run == "" {
		s.log.Warn("a node's hello unread", "data", string(m.Data))
		return
	}
	s.dropRemotes("the client's node has restarted: the client leaves", func(rc remoteClient) bool {
		return rc.node == h.Node && rc.run != "" && rc.run != h.Run
	})
}

// dropRemotes treats the remote clients that gone picks as closed
// connections: each leaves its table, in turn with what the table was
// sent before, so that its seat shows disconnected and its grace period
// starts. The node each was joined through is told, in case it is alive
// after all (its heartbeat failed for a whole lease): it closes their
// connections, which reconnect and join again.
func (s *Server) dropRemotes(why string, gone func(remoteClient) bool) {
	var out []remoteClient
	s.mu.Lock()
	for conn, rc := range s.remotes {
		if gone(rc) {
			delete(s.remotes, conn)
			out = append(out, rc)
		}
	}
	s.mu.Unlock()
	for _, rc := range out {
		rc.t.log.Info(why, "node", rc.node)
		go rc.t.post(leaveReq{c: rc.c})
		h := map[string]string{"epoch": strconv.FormatInt(rc.t.epoch, 10), "kind": "gone", "to": rc.c.conn}
		if err := s.cluster.Bus.Publish(outSubject(rc.t.id), carrom.BusMsg{Header: h}); err != nil {
			rc.t.log.Warn("telling a node its client is gone", "err", err)
		}
	}
}

// letStraysGo releases the leases this node holds without running or
// adopting their tables (a finished table; a table whose start failed), so
// that a table in play is not held, renewed and served by nobody. A lease
// is a stray only at two rounds in a row: a new table is started just
// after its lease is taken.
func (s *Server) letStraysGo(ctx context.Context, held []carrom.Lease) {
	strays := map[string]bool{}
	var gone []string
	s.mu.Lock()
	running := func(id string) bool { return s.tables[id] != nil || s.adopting[id] }
	for _, l := range held {
		if running(l.Table) {
			continue
		}
		if s.strays[l.Table] {
			gone = append(gone, l.Table)
			continue
		}
		strays[l.Table] = true
	}
	s.mu.Unlock()
	s.strays = strays
	if len(gone) == 0 {
		return
	}
	if err := s.cluster.Leases.Release(ctx, s.cluster.Node, gone, false); err != nil && ctx.Err() == nil {
		s.log.Error("releasing leases of tables not running here", "err", err)
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
// action and its computer seats play on.
func (s *Server) adopt(ctx context.Context, l carrom.Lease) {
	// Fenced first, the table's history is complete when it is read: the
	// old owner can store nothing after.
	err := s.cluster.Leases.Fence(ctx, l.Table, l.Epoch)
	var rec carrom.TableRecord
	if err == nil {
		rec, err = s.store.Table(ctx, l.Table)
	}
	if err == nil {
		var t *table
		if t, err = s.load(ctx, rec); err == nil {
			if t.finished {
				return
			}
			t.epoch = l.Epoch
			// Clients at other nodes still joined to the previous owner
			// reconnect, and join this one.
			h := map[string]string{"epoch": strconv.FormatInt(t.epoch, 10), "kind": "moved"}
			if err := s.cluster.Bus.Publish(outSubject(t.id), carrom.BusMsg{Header: h}); err != nil {
				t.log.Warn("announcing the move", "err", err)
			}
			s.start(t)
			s.metrics.takeovers.Inc()
			t.log.Info("table taken over", "seq", t.seq, "epoch", l.Epoch, "node", s.cluster.Node)
			return
		}
	}
	if s.ctx.Err() != nil || s.closing.Load() {
		return
	}
	s.log.Error("cannot take the table over", "table", l.Table, "err", err)
	// Let it go, so that it is taken again (by this node or another) at
	// the next round rather than held here without running.
	rctx, cancel := context.WithTimeout(s.ctx, s.ttl)
	defer cancel()
	if err := s.cluster.Leases.Release(rctx, s.cluster.Node, []string{l.Table}, false); err != nil {
		s.log.Error("releasing a lease", "table", l.Table, "err", err)
	}
}

func (s *Server) ownedTables() []*table {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*table, 0, len(s.tables))
	for _, t := range s.tables {
		if !t.moved.Load() {
			out = append(out, t)
		}
	}
	return out
}

// handOver stops every table of this node, then lets their leases go and
// tells the other nodes, which take them at once.
func (s *Server) handOver(ctx context.Context) {
	s.closing.Store(true)
	s.loopStop()
	tables := s.ownedTables()
	ids := make([]string, 0, len(tables))
	for _, t := range tables {
		t.letGo()
	}
	for _, t := range tables {
		<-t.done
		ids = append(ids, t.id)
	}
	if err := s.cluster.Leases.Release(ctx, s.cluster.Node, ids, true); err != nil {
		s.log.Error("releasing the leases", "err", err)
		return
	}
	if err := s.cluster.Bus.Publish(leasesSubject, carrom.BusMsg{Data: []byte(s.cluster.Node)}); err != nil {
		s.log.Error("announcing the leases released", "err", err)
	}
	s.log.Info("tables handed over", "tables", len(ids))
}

// startCluster takes this node's first share of the tables and starts
// its lease loop.
func (s *Server) startCluster(ctx context.Context) error {
	notice := make(chan struct{}, 1)
	unsub, err := s.cluster.Bus.Subscribe(leasesSubject, func(carrom.BusMsg) {
		select {
		case notice <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return err
	}
	unsubNodes, err := s.cluster.Bus.Subscribe(nodesSubject, s.restarted)
	if err != nil {
		unsub()
		return err
	}
	unsubAccounts, err := s.cluster.Bus.Subscribe(accountsSubject, s.vacated)
	if err != nil {
		unsub()
		unsubNodes()
		return err
	}
	// The clients of this node's earlier run, if it ran within a lease,
	// are still counted at their tables' owners: they are gone.
	if err := s.cluster.Bus.Publish(nodesSubject, carrom.BusMsg{Data: encode(nodeHello{Node: s.cluster.Node, Run: s.run})}); err != nil {
		s.log.Warn("saying hello to the other nodes", "err", err)
	}
	// The leases of this node's earlier run, if it ran within a lease,
	// are still in its name, and its first renewal would keep them with
	// no table running: they go, to be taken with a new epoch.
	if err := s.cluster.Leases.Release(ctx, s.cluster.Node, nil, true); err != nil {
		return err
	}
	if err := s.cluster.Bus.Publish(leasesSubject, carrom.BusMsg{}); err != nil {
		s.log.Warn("announcing the leases let go", "err", err)
	}
	s.renewed = s.clock.Now()
	s.leaseRound(ctx)
	lctx, cancel := context.WithCancel(s.ctx)
	done := make(chan struct{})
	// The lease loop ends with the server (Close) or at a hand-over.
	go func() {
		defer close(done)
		s.leaseLoop(lctx, notice)
	}()
	s.loopStop = func() {
		cancel()
		<-done
		s.adoptions.Wait()
		unsub()
		unsubNodes()
		unsubAccounts()
	}
	return nil
}

// errNoOwner is wrapped when a table's owner cannot be reached.
var errNoOwner = fmt.Errorf("server: the table is moving to another node, reconnect: %w", carrom.ErrNoOwner)

// request sends a forward to a table's owner and decodes its answer.
func (s *Server) request(ctx context.Context, id string, f forward, wait time.Duration) (forwardReply, error) {
	var r forwardReply
	rctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	data, err := s.cluster.Bus.Request(rctx, inSubject(id), encode(f))
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
