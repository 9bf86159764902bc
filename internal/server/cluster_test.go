package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/bus"
	"github.com/carrom-game/carrom/internal/bus/natstest"
	"github.com/carrom-game/carrom/internal/loadtest"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/physics"
)

// node is one server of an in-process cluster.
type node struct {
	name string
	srv  *server.Server
	http *httptest.Server
	bus  *bus.NATS
}

// newCluster starts n nodes sharing one store (as the other tests choose
// it: SQLite, or PostgreSQL with CARROM_TEST_STORE=postgres), each on its own
// server of a three-server NATS cluster, with leases of ttl.
func newCluster(t *testing.T, n int, ttl time.Duration) []*node {
	t.Helper()
	urls := natstest.Cluster(t, 3)
	st := openStore(t, t.TempDir())
	t.Cleanup(func() { st.Close() })
	var nodes []*node
	for i := range n {
		name := string(rune('a' + i))
		b, err := bus.Connect(urls[i%len(urls)], name)
		if err != nil {
			t.Fatal(err)
		}
		srv, err := server.New(server.Config{Store: st, Bots: testBots, Physics: physics.Default(),
			Cluster: &server.Cluster{Node: name, Bus: b, Leases: st, LeaseTTL: ttl}})
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.Resume(context.Background()); err != nil {
			t.Fatal(err)
		}
		nd := &node{name: name, srv: srv, http: httptest.NewServer(srv.Handler()), bus: b}
		t.Cleanup(func() {
			nd.http.Close()
			nd.srv.Close()
			nd.bus.Close()
		})
		nodes = append(nodes, nd)
	}
	return nodes
}

// doubles is a four-seat table: people at seats 0 and 2, the test's
// computer at 1 and 3.
func doubles(seed uint64) loadtest.TableConfig {
	return loadtest.TableConfig{Rules: "icf", Players: 4, Seed: seed, Seats: []loadtest.SeatConfig{
		{Kind: "human"}, {Kind: "computer", Level: "test"}, {Kind: "human"}, {Kind: "computer", Level: "test"}}}
}

// playUntil has every player play until it has seen seq until (or the
// match is over), and fails the test on a player's error.
func playUntil(t *testing.T, ctx context.Context, until int64, ps ...*loadtest.Player) {
	t.Helper()
	if err := loadtest.PlayUntil(ctx, until, ps...); err != nil {
		t.Fatal(err)
	}
}

// tableOf is what an event says of the table: the pieces, to the bit, the
// scores and the turn.
func tableOf(ev loadtest.Message) string {
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
	host, err := loadtest.NewClient(ctx, nodes[1].http.URL)
	if err != nil {
		t.Fatal(err)
	}
	id, err := host.CreateTable(ctx, doubles(5))
	if err != nil {
		t.Fatal(err)
	}
	var players []*loadtest.Player
	for i, n := range []*node{nodes[0], nodes[2]} {
		c, err := loadtest.NewClient(ctx, n.http.URL)
		if err != nil {
			t.Fatal(err)
		}
		p := loadtest.NewPlayer(c, id, 2*i, fmt.Sprintf("player on %s", n.name), 9)
		if err := p.Connect(ctx); err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		players = append(players, p)
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
		Events []loadtest.Message `json:"events"`
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

// TestClusterFencing: the owner of a table is frozen past its lease;
// another node takes the table over and the match goes on there; the old
// owner, thawed, tries to commit the intent it had been sent: the store
// refuses it, the old owner lets the table go, and the stored record is
// one history that replays.
func TestClusterFencing(t *testing.T) {
	nodes := newCluster(t, 3, 900*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	host, err := loadtest.NewClient(ctx, nodes[1].http.URL)
	if err != nil {
		t.Fatal(err)
	}
	id, err := host.CreateTable(ctx, loadtest.Humans(2, 3))
	if err != nil {
		t.Fatal(err)
	}
	var players []*loadtest.Player
	for i, n := range []*node{nodes[0], nodes[2]} {
		c, err := loadtest.NewClient(ctx, n.http.URL)
		if err != nil {
			t.Fatal(err)
		}
		p := loadtest.NewPlayer(c, id, i, fmt.Sprintf("player on %s", n.name), 4)
		if err := p.Connect(ctx); err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		players = append(players, p)
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
		Events []loadtest.Message `json:"events"`
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
