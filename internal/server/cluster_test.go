package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/bus"
	"github.com/carrom-game/carrom/internal/bus/natstest"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/coder/websocket"
)

// node is one server of an in-process cluster.
type node struct {
	name  string
	srv   *server.Server
	http  *httptest.Server
	bus   *bus.NATS
	cable *cable
	st    *store.DB // shared by every node
	// again starts the node anew, under the same name on the same NATS
	// server, as a process restarted.
	again func() *node
}

// cable is a node's connection to the bus, which a test may cut: from
// then on the node sends nothing on the bus and hears nothing from it, as
// when its machine dies.
type cable struct {
	server.Bus
	cut atomic.Bool
}

var errCut = errors.New("the node's cable is cut")

func (c *cable) Publish(subject string, m carrom.BusMsg) error {
	if c.cut.Load() {
		return errCut
	}
	return c.Bus.Publish(subject, m)
}

func (c *cable) Request(ctx context.Context, subject string, data []byte) ([]byte, error) {
	if c.cut.Load() {
		return nil, errCut
	}
	return c.Bus.Request(ctx, subject, data)
}

func (c *cable) Subscribe(subject string, handle func(carrom.BusMsg)) (func() error, error) {
	return c.Bus.Subscribe(subject, func(m carrom.BusMsg) {
		if !c.cut.Load() {
			handle(m)
		}
	})
}

// kill stops a node as a machine dying would, as far as the others can
// tell: its cable cut first, it says nothing more (no client leaves, no
// lease is let go, its heartbeat stops), then its server stops.
func (n *node) kill() {
	n.cable.cut.Store(true)
	n.srv.Crash()
}

// newCluster starts n nodes sharing one store (as the other tests choose
// it: SQLite, or PostgreSQL with CARROM_TEST_STORE=postgres), each on its own
// server of a three-server NATS cluster, with leases of ttl.
func newCluster(t *testing.T, n int, ttl time.Duration) []*node {
	t.Helper()
	return newClusterWith(t, n, ttl, nil)
}

// newClusterWith is newCluster with each node's configuration changed by
// edit (if not nil).
func newClusterWith(t *testing.T, n int, ttl time.Duration, edit func(*server.Config)) []*node {
	t.Helper()
	urls := natstest.Cluster(t, 3)
	st := openStore(t, t.TempDir())
	t.Cleanup(func() { st.Close() })
	var start func(name, url string) *node
	start = func(name, url string) *node {
		b, err := bus.Connect(url, name)
		if err != nil {
			t.Fatal(err)
		}
		cb := &cable{Bus: b}
		cfg := server.Config{Store: st, Bots: testBots, Physics: physics.Default(),
			Cluster: &server.Cluster{Node: name, Bus: cb, Leases: st, LeaseTTL: ttl}}
		if edit != nil {
			edit(&cfg)
		}
		srv, err := server.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.Resume(context.Background()); err != nil {
			t.Fatal(err)
		}
		nd := &node{name: name, srv: srv, http: httptest.NewServer(srv.Handler()), bus: b, cable: cb, st: st}
		nd.again = func() *node { return start(name, url) }
		t.Cleanup(func() {
			nd.http.Close()
			nd.srv.Close()
			nd.bus.Close()
		})
		return nd
	}
	var nodes []*node
	for i := range n {
		nodes = append(nodes, start(string(rune('a'+i)), urls[i%len(urls)]))
	}
	return nodes
}

// doubles is a four-seat table: people at seats 0 and 2, the test's
// computer at 1 and 3.
func doubles(seed uint64) protocol.TableConfig {
	return protocol.TableConfig{Rules: "icf", Players: 4, Seed: seed, Seats: []protocol.SeatConfig{
		{Kind: "human"}, {Kind: "computer", Level: "test"}, {Kind: "human"}, {Kind: "computer", Level: "test"}}}
}

// playUntil has every player play until it has seen seq until (or the
// match is over), and fails the test on a player's error.
func playUntil(t *testing.T, ctx context.Context, until int64, ps ...*servertest.Player) {
	t.Helper()
	if err := servertest.PlayUntil(ctx, until, ps...); err != nil {
		t.Fatal(err)
	}
}

// tableOf is what an event says of the table: the pieces, to the bit, the
// scores and the turn.
func tableOf(ev servertest.Message) string {
	data, err := json.Marshal([]any{ev.Seq, ev.State.Pieces, ev.State.Match, ev.State.ToAct.Seat, ev.State.ToAct.Need})
	if err != nil {
		panic(err)
	}
	return string(data)
}

// TestClusterFailover: a match between a player on node a and one on node
// c, at a table node b owns; b dies mid-board; both players reconnect to
// their nodes and the match goes on from the same state, every action
// once, the computer seats playing on.
func TestClusterFailover(t *testing.T) {
	nodes := newCluster(t, 3, 900*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	id := createTable(t, ctx, nodes[1], doubles(5))
	var players []*servertest.Player
	for i, n := range []*node{nodes[0], nodes[2]} {
		players = append(players, clusterPlayer(t, ctx, n, id, 2*i, 9))
	}
	playUntil(t, ctx, 8, players...)
	before := players[0].Seq()
	nodes[1].srv.Crash()
	playUntil(t, ctx, before+12, players...)

	for _, p := range players {
		if p.Reconnects == 0 {
			t.Errorf("%s never reconnected", p.Name)
		}
	}
	// Both saw the same events, each once and in order, and the stored
	// record replays to the same states, bit for bit.
	var stored struct {
		Events []servertest.Message `json:"events"`
	}
	if _, err := players[0].Client.GetJSON(ctx, "/api/matches/"+id+"/replay", &stored); err != nil {
		t.Fatal(err)
	}
	computerAfter := false
	for _, p := range players {
		for _, ev := range p.Events {
			if ev.Seq > int64(len(stored.Events)) {
				continue
			}
			want := stored.Events[ev.Seq-1]
			if got, want := tableOf(ev), tableOf(want); got != want {
				t.Errorf("%s: event %d = %s; the stored record replays to %s", p.Name, ev.Seq, got, want)
			}
			if ev.Seq > before && ev.Action != nil && ev.Action.Seat%2 == 1 {
				computerAfter = true
			}
		}
	}
	if !computerAfter {
		t.Errorf("no computer seat played after the failover")
	}
}

// TestClusterOwnerRestarted: the owner of a table dies and is started
// again at once under its name (a service manager restarting it), within
// its lease. The new run holds no table: the leases still in its name
// must go to a node that serves them, not be renewed by it, and the match
// goes on.
func TestClusterOwnerRestarted(t *testing.T) {
	nodes := newCluster(t, 2, 900*time.Millisecond)
	a, b := nodes[0], nodes[1]
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	id := createTable(t, ctx, b, servertest.Humans(2, 4))
	var players []*servertest.Player
	for seat := range 2 {
		players = append(players, clusterPlayer(t, ctx, a, id, seat, 11))
	}
	playUntil(t, ctx, 4, players...)
	before := players[0].Seq()
	b.kill()
	b.again()
	playUntil(t, ctx, before+6, players...)
}

// TestClusterFencing: the owner of a table is frozen past its lease;
// another node takes the table over and the match goes on there; the old
// owner, thawed, tries to commit the intent it had been sent: the store
// refuses it, the old owner lets the table go, and the stored record is
// one history that replays.
func TestClusterFencing(t *testing.T) {
	nodes := newCluster(t, 3, 900*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	id := createTable(t, ctx, nodes[1], servertest.Humans(2, 3))
	var players []*servertest.Player
	for i, n := range []*node{nodes[0], nodes[2]} {
		players = append(players, clusterPlayer(t, ctx, n, id, i, 4))
	}
	playUntil(t, ctx, 6, players...)
	old := nodes[1].srv
	thaw := old.Freeze()
	playUntil(t, ctx, 12, players...)
	thaw()
	for try := 0; old.Metric("carrom_tables") != 0; try++ {
		if try == 200 {
			t.Fatalf("the old owner still holds the table")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got := old.Metric("carrom_commit_refusals_total"); got < 1 {
		t.Errorf("the old owner's refused commits = %v; want at least 1", got)
	}
	playUntil(t, ctx, 16, players...)

	var stored struct {
		Events []servertest.Message `json:"events"`
	}
	if code, err := players[0].Client.GetJSON(ctx, "/api/matches/"+id+"/replay", &stored); err != nil || code != 200 {
		t.Fatalf("the stored record does not replay: %d %v", code, err)
	}
	for i, ev := range stored.Events {
		if ev.Seq != int64(i+1) {
			t.Fatalf("stored event %d has seq %d", i+1, ev.Seq)
		}
	}
	for _, p := range players {
		for _, ev := range p.Events {
			if got, want := tableOf(ev), tableOf(stored.Events[ev.Seq-1]); got != want {
				t.Errorf("%s: event %d = %s; the stored record replays to %s", p.Name, ev.Seq, got, want)
			}
		}
	}
}

// readUntil reads c's messages until one satisfies ok, and returns it.
func readUntil(t *testing.T, ctx context.Context, c *servertest.Conn, who, what string, ok func(servertest.Message) bool) servertest.Message {
	t.Helper()
	for {
		m, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("%s, waiting for %s: %v", who, what, err)
		}
		if ok(m) {
			return m
		}
	}
}

// createTable creates a table at node n, which owns it.
func createTable(t *testing.T, ctx context.Context, n *node, cfg protocol.TableConfig) string {
	t.Helper()
	id, err := servertest.CreateTableAt(ctx, n.http.URL, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// clusterPlayer connects a player of seat at table id through node n; the test
// closes his connection at its end.
func clusterPlayer(t *testing.T, ctx context.Context, n *node, id string, seat int, seed uint64) *servertest.Player {
	t.Helper()
	c, err := servertest.NewClient(ctx, n.http.URL)
	if err != nil {
		t.Fatal(err)
	}
	p := servertest.NewPlayer(c, id, seat, fmt.Sprintf("player %d on %s", seat, n.name), seed)
	if err := p.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

// seated connects a player through n to table id, sits him at seat and
// waits for his welcome to it.
func seated(t *testing.T, ctx context.Context, n *node, id string, seat int, name string) (*servertest.Client, *servertest.Conn) {
	t.Helper()
	cl, err := servertest.NewClient(ctx, n.http.URL)
	if err != nil {
		t.Fatal(err)
	}
	// A table just made may move to the node that should own it ("table
	// moving: reconnect"); a browser then connects and sits again.
	for {
		c, err := cl.Connect(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(c.Close)
		if err := c.Send(ctx, protocol.Sit(seat, name)); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := c.Read(ctx)
			if websocket.CloseStatus(err) == websocket.StatusServiceRestart {
				break
			}
			if err != nil {
				t.Fatalf("%s, waiting for his seat: %v", name, err)
			}
			if m.Type == "welcome" && len(m.Seats) == 1 {
				return cl, c
			}
		}
	}
}

// TestClusterClientsOfADeadNode: Ann plays at node b's table from b, Bob
// through node a; node a dies, saying nothing. Once a's heartbeat has
// expired, b takes Bob for gone as it would a closed connection: Ann sees
// his seat disconnected, and past the grace period Bob loses the match
// (RULES TM-3), which the store records. The same when a is started again
// at once under its name, so that its heartbeat never lapses: Bob's
// connection died with the run of a that he was joined through.
func TestClusterClientsOfADeadNode(t *testing.T) {
	for _, restart := range []bool{false, true} {
		t.Run(map[bool]string{false: "dead", true: "restarted"}[restart], func(t *testing.T) { deadNode(t, restart) })
	}
}

func deadNode(t *testing.T, restart bool) {
	nodes := newClusterWith(t, 2, 900*time.Millisecond, func(c *server.Config) { c.Grace = 300 * time.Millisecond })
	a, b := nodes[0], nodes[1]
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	id := createTable(t, ctx, b, servertest.Humans(2, 3))
	_, ann := seated(t, ctx, b, id, 0, "Ann")
	seated(t, ctx, a, id, 1, "Bob")
	readUntil(t, ctx, ann, "Ann", "Bob seated and connected", func(m servertest.Message) bool {
		return m.State != nil && m.State.Started && m.State.Seats[1].Connected
	})

	a.kill()
	if restart {
		a.again()
	}
	readUntil(t, ctx, ann, "Ann", "Bob's seat disconnected", func(m servertest.Message) bool {
		return m.Type == "seats" && !m.Seating[1].Connected
	})
	ev := readUntil(t, ctx, ann, "Ann", "Bob's forfeit", func(m servertest.Message) bool { return m.Type == "event" && m.State.Over })
	if act := ev.Action; act == nil || act.Kind != "forfeit" || act.Seat != 1 || act.Rule != "TM-3" {
		t.Errorf("the match ended with %+v; want Bob's forfeit (seat 1, TM-3)", act)
	}
	acts, err := b.st.Actions(ctx, id)
	if err != nil || len(acts) == 0 {
		t.Fatalf("the stored actions: %v, %v", acts, err)
	}
	last, err := record.ParseAction(acts[len(acts)-1].Action)
	if err != nil {
		t.Fatal(err)
	}
	if last.Kind.String() != "forfeit" || last.Seat != 1 || last.Rule != "TM-3" {
		t.Errorf("the last stored action is %s; want seat 1's forfeit under TM-3", acts[len(acts)-1].Action)
	}
}

// TestClusterRematch: the players of a match at node b's table, Ann
// through node a and Bob through node c, ask for a rematch at once, each
// at his node: both get the same new table, and both are told of it at
// the old table; each takes his seat there.
func TestClusterRematch(t *testing.T) {
	nodes := newCluster(t, 3, 900*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	id := createTable(t, ctx, nodes[1], servertest.Humans(2, 3))
	annCl, ann := seated(t, ctx, nodes[0], id, 0, "Ann")
	bobCl, bob := seated(t, ctx, nodes[2], id, 1, "Bob")
	st := readUntil(t, ctx, ann, "Ann", "the match started", func(m servertest.Message) bool { return m.State != nil && m.State.Started })
	toAct := map[int]*servertest.Conn{0: ann, 1: bob}[st.State.ToAct.Seat]
	if err := toAct.Send(ctx, protocol.Concede("match")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*servertest.Conn{ann, bob} {
		readUntil(t, ctx, c, "a player", "the match over", func(m servertest.Message) bool { return m.State != nil && m.State.Over })
	}

	var (
		wg     sync.WaitGroup
		tables [2]string
	)
	for i, cl := range []*servertest.Client{annCl, bobCl} {
		wg.Go(func() {
			resp, err := cl.Do(ctx, "POST", "/api/tables/"+id+"/rematch", "")
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			var out struct{ Table string }
			if resp.StatusCode != http.StatusCreated || json.Unmarshal(body, &out) != nil || out.Table == "" {
				t.Errorf("player %d's rematch: %d %s", i, resp.StatusCode, body)
			}
			tables[i] = out.Table
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	if tables[0] != tables[1] {
		t.Fatalf("the rematches asked at once at two nodes: %s and %s; want one table", tables[0], tables[1])
	}
	for i, c := range []*servertest.Conn{ann, bob} {
		m := readUntil(t, ctx, c, fmt.Sprintf("player %d", i), "the rematch", func(m servertest.Message) bool { return m.Type == "rematch" })
		var rm struct{ Table, Rematch string }
		if err := json.Unmarshal(m.Raw, &rm); err != nil || rm.Table != id || rm.Rematch != tables[0] {
			t.Errorf("player %d was told %s; want table %s's rematch %s", i, m.Raw, id, tables[0])
		}
	}
	// The request that made the rematch seated its asker; the other's
	// seat is kept for him, and his page takes it.
	seatedAt := 0
	for i, cl := range []*servertest.Client{annCl, bobCl} {
		c, err := cl.Connect(ctx, tables[0], 0)
		if err != nil {
			t.Fatal(err)
		}
		who := fmt.Sprintf("player %d", i)
		m := readUntil(t, ctx, c, who, "the rematch's welcome", func(m servertest.Message) bool { return m.Type == "welcome" })
		if len(m.Seats) == 0 {
			if err := c.Send(ctx, protocol.Sit(i, "")); err != nil {
				t.Fatal(err)
			}
			m = readUntil(t, ctx, c, who, "his seat", func(m servertest.Message) bool { return m.Type == "welcome" || m.Type == "error" })
		} else {
			seatedAt++
		}
		if len(m.Seats) != 1 || m.Seats[0] != i {
			t.Errorf("player %d is welcomed to the rematch: %s; want seat %d", i, m.Raw, i)
		}
		c.Close()
	}
	if seatedAt != 1 {
		t.Errorf("%d players were seated at the rematch by their requests; want the one whose request made it", seatedAt)
	}
}
