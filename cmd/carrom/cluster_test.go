package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/bus/natstest"
	"github.com/carrom-game/carrom/internal/pgtest"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
)

// startCluster runs n carrom serve processes as the nodes of one cluster:
// one PostgreSQL (a fresh schema), a three-server NATS cluster in the
// test's process (node i on server i), leases of two seconds.
func startCluster(t *testing.T, n int) []*servertest.Server {
	t.Helper()
	c := newTestCluster(t, n)
	return c.nodes
}

// testCluster is a cluster of carrom serve processes whose nodes can be
// restarted on the same address.
type testCluster struct {
	t     *testing.T
	nodes []*servertest.Server
	args  [][]string
}

func newTestCluster(t *testing.T, n int) *testCluster {
	t.Helper()
	db := pgtest.URL(t)
	urls := natstest.Cluster(t, 3)
	c := &testCluster{t: t}
	for i := range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		c.args = append(c.args, []string{"-addr", addr, "-store", db, "-nats", urls[i%len(urls)],
			"-node", fmt.Sprintf("node-%c", 'a'+i), "-lease", "2s", "-pace", "0"})
		c.nodes = append(c.nodes, nil)
		c.start(i)
	}
	return c
}

// start starts node i.
func (c *testCluster) start(i int) {
	c.t.Helper()
	srv, err := servertest.StartServer(carromBinary(c.t), c.t.TempDir(), os.Stderr, c.args[i]...)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(srv.Stop)
	c.nodes[i] = srv
}

// metric reads one of a node's metrics.
func metric(t *testing.T, base, name string) float64 {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	t.Fatalf("%s/metrics has no %s", base, name)
	return 0
}

// owner is the node that owns the one table in play, found by the
// nodes' metrics (on a busy machine a lease may have moved already).
func owner(t *testing.T, nodes []*servertest.Server) int {
	t.Helper()
	for try := 0; try < 100; try++ {
		for i, n := range nodes {
			if metric(t, n.URL, "carrom_tables") == 1 {
				return i
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("no node owns the table")
	return 0
}

// seatPlayers connects a player for each of seats, the i-th through
// node bases[i].
func seatPlayers(t *testing.T, ctx context.Context, id string, seats []int, bases []string) []*servertest.Player {
	t.Helper()
	var ps []*servertest.Player
	for i, seat := range seats {
		c, err := servertest.NewClient(ctx, bases[i])
		if err != nil {
			t.Fatal(err)
		}
		p := servertest.NewPlayer(c, id, seat, fmt.Sprintf("seat %d on %s", seat, bases[i]), 17)
		if err := p.Connect(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		ps = append(ps, p)
	}
	return ps
}

// playUntil has every player play until it has seen seq until (or the
// match is over), and fails the test on a player's error.
func playUntil(t *testing.T, ctx context.Context, until int64, ps ...*servertest.Player) {
	t.Helper()
	if err := servertest.PlayUntil(ctx, until, ps...); err != nil {
		t.Fatal(err)
	}
}

// checkHistory compares what every player saw with the stored record,
// replayed: every event once, in order, the same pieces to the bit, the
// same scores and turn.
func checkHistory(t *testing.T, ctx context.Context, base, id string, ps ...*servertest.Player) []servertest.Message {
	t.Helper()
	var stored struct {
		Events []servertest.Message `json:"events"`
	}
	c, err := servertest.NewClient(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	if code, err := c.GetJSON(ctx, "/api/matches/"+id+"/replay", &stored); err != nil || code != http.StatusOK {
		t.Fatalf("GET /api/matches/%s/replay: %d %v", id, code, err)
	}
	key := func(m servertest.Message) string {
		data, err := json.Marshal([]any{m.Seq, m.Action, m.State.Pieces, m.State.Match, m.State.ToAct.Seat, m.State.ToAct.Need})
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for i, ev := range stored.Events {
		if ev.Seq != int64(i+1) {
			t.Fatalf("stored event %d has seq %d", i+1, ev.Seq)
		}
	}
	for _, p := range ps {
		for _, ev := range p.Events {
			if ev.Seq > int64(len(stored.Events)) {
				t.Fatalf("%s saw event %d; the store has %d", p.Name, ev.Seq, len(stored.Events))
			}
			if got, want := key(ev), key(stored.Events[ev.Seq-1]); got != want {
				t.Errorf("%s saw event %d as\n%s\nthe stored record replays it as\n%s", p.Name, ev.Seq, got, want)
			}
		}
	}
	return stored.Events
}

// createTable creates a table at the node serving base, which owns it.
func createTable(t *testing.T, ctx context.Context, base string, cfg protocol.TableConfig) string {
	t.Helper()
	id, err := servertest.CreateTableAt(ctx, base, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestThreeNodes: three carrom serve processes, one PostgreSQL, three
// NATS servers; a doubles match between a player on node a and one on
// node c, the computer at the other seats, at a table node b owns. Node b
// is SIGKILLed mid-board: both players reconnect to their own nodes and
// the match goes on from the same state, no action lost or applied
// twice, the computer seats playing on.
func TestThreeNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three servers")
	}
	nodes := startCluster(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	id := createTable(t, ctx, nodes[1].URL, protocol.TableConfig{Rules: "icf", Players: 4, Seed: 8, Seats: []protocol.SeatConfig{
		{Kind: "human"}, {Kind: "computer", Level: "beginner"}, {Kind: "human"}, {Kind: "computer", Level: "beginner"}}})
	if got := metric(t, nodes[1].URL, "carrom_tables"); got != 1 {
		t.Fatalf("node b owns %v tables; want the one it created", got)
	}
	ps := seatPlayers(t, ctx, id, []int{0, 2}, []string{nodes[0].URL, nodes[2].URL})
	// Should the table have moved before the kill (a lease can on a busy
	// machine), a player whose own node dies goes to the others.
	for _, p := range ps {
		for _, n := range nodes {
			if n.URL != p.Bases[0] {
				p.Bases = append(p.Bases, n.URL)
			}
		}
	}
	playUntil(t, ctx, 8, ps...)

	killed := ps[0].Seq()
	b := owner(t, nodes)
	nodes[b].Kill()
	start := time.Now()
	playUntil(t, ctx, killed+1, ps...)
	t.Logf("the owner killed at seq %d: the next action was seen %v later", killed, time.Since(start).Round(time.Millisecond))
	playUntil(t, ctx, killed+12, ps...)

	for _, p := range ps {
		if p.Reconnects == 0 {
			t.Errorf("%s never reconnected", p.Name)
		}
	}
	computer := false
	for _, ev := range ps[0].Events {
		computer = computer || ev.Seq > killed && ev.Action != nil && ev.Action.Seat%2 == 1
	}
	if !computer {
		t.Errorf("no computer seat played after node b died")
	}
	checkHistory(t, ctx, nodes[0].URL, id, ps...)
	takeovers, owned := 0.0, 0.0
	for i, n := range nodes {
		if i != b {
			takeovers += metric(t, n.URL, "carrom_lease_takeovers_total")
			owned += metric(t, n.URL, "carrom_tables")
		}
	}
	if takeovers < 1 || owned != 1 {
		t.Errorf("after the owner died: %v takeovers, %v tables owned; want the table taken over and owned by one node", takeovers, owned)
	}
}

// TestFencing: the owner of a table is frozen with SIGSTOP past its
// lease; another node takes the table and the match goes on; the old
// owner, thawed with SIGCONT, tries to commit the intent it was sent
// while frozen: the store refuses it, and it lets the table go. The
// stored record is one history, which every player saw.
func TestFencing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three servers")
	}
	nodes := startCluster(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	id := createTable(t, ctx, nodes[1].URL, servertest.Humans(2, 21))
	ps := seatPlayers(t, ctx, id, []int{0, 1}, []string{nodes[0].URL, nodes[2].URL})
	playUntil(t, ctx, 6, ps...)
	// The player to act has sent his next move. The owner is frozen only
	// once it has stored and broadcast it, idle: the move after, sent when
	// the players play on, waits for it frozen.
	waitStored(t, ctx, nodes[0].URL, id, 7)

	old := nodes[owner(t, nodes)]
	if err := old.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	playUntil(t, ctx, 12, ps...)
	if err := old.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	for try := 0; metric(t, old.URL, "carrom_tables") != 0; try++ {
		if try == 100 {
			t.Fatal("the old owner never let the table go")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got := metric(t, old.URL, "carrom_commit_refusals_total"); got < 1 {
		t.Errorf("the old owner's commits refused by epoch: %v; want at least 1", got)
	}
	playUntil(t, ctx, 16, ps...)
	checkHistory(t, ctx, nodes[0].URL, id, ps...)
}

// waitStored waits until the store holds n actions of the table.
func waitStored(t *testing.T, ctx context.Context, base, id string, n int) {
	t.Helper()
	c, err := servertest.NewClient(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	for try := 0; ; try++ {
		got := stored(t, ctx, c, id)
		if got >= n {
			return
		}
		if try == 100 {
			t.Fatalf("the store holds %d actions after 10 s; want %d", got, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stored is how many actions of the table the store holds, asked of c's
// node.
func stored(t *testing.T, ctx context.Context, c *servertest.Client, id string) int {
	t.Helper()
	var out struct {
		Actions []json.RawMessage `json:"actions"`
	}
	if code, err := c.GetJSON(ctx, "/api/matches/"+id, &out); err != nil || code != http.StatusOK {
		t.Fatalf("GET /api/matches/%s: %d %v", id, code, err)
	}
	return len(out.Actions)
}

// TestRollingRestart: each node in turn gets SIGTERM and comes back on
// the same address while 100 tables play, their players spread over the
// nodes: no table is lost, and no player sees a gap in seq.
func TestRollingRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three servers and 200 players")
	}
	const tables = 100
	c := newTestCluster(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var bases []string
	for _, n := range c.nodes {
		bases = append(bases, n.URL)
	}
	var (
		ids     []string
		players []*servertest.Player
	)
	for i := range tables {
		id := createTable(t, ctx, bases[i%3], servertest.Humans(2, uint64(i+1)))
		ids = append(ids, id)
		for seat := range 2 {
			k := (i + seat) % 3
			p := seatPlayers(t, ctx, id, []int{seat}, []string{bases[k]})[0]
			// A player whose node is stopping goes to the next one.
			p.Bases = append(append([]string{}, bases[k:]...), bases[:k]...)
			p.Delay = time.Second
			players = append(players, p)
		}
	}
	pctx, stop := context.WithCancel(ctx)
	errs := make(chan error, len(players))
	for _, p := range players {
		go func() {
			for {
				if err := p.Step(pctx); err != nil {
					if pctx.Err() != nil {
						err = nil
					}
					errs <- err
					return
				}
			}
		}()
	}
	// progress waits until every table has played two actions more.
	watcher, err := servertest.NewClient(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	progress := func(what string) {
		t.Helper()
		start := time.Now()
		defer func() { t.Logf("%s: every table played on within %v", what, time.Since(start).Round(time.Second)) }()
		var mark map[string]int64
		for try := 0; try < 600; try++ {
			cur := map[string]int64{}
			for _, id := range ids {
				watcher.Base = bases[try%3]
				cur[id] = int64(stored(t, ctx, watcher, id))
			}
			if mark == nil {
				mark = cur
			}
			behind := 0
			for _, id := range ids {
				if cur[id] < mark[id]+2 {
					behind++
				}
			}
			if behind == 0 {
				return
			}
			select {
			case err := <-errs:
				// A player stopped: his table will not play on.
				t.Fatalf("%s: %v", what, err)
			case <-time.After(500 * time.Millisecond):
			}
		}
		t.Fatalf("%s: not every table played on", what)
	}
	progress("before the restarts")
	for i, n := range c.nodes {
		if err := n.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		n.Wait()
		c.start(i)
		progress(fmt.Sprintf("after node %d's restart", i))
	}
	stop()
	for range players {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	owned := 0.0
	for _, n := range c.nodes {
		owned += metric(t, n.URL, "carrom_tables")
	}
	if owned != tables {
		t.Errorf("the nodes own %v tables; want %d", owned, tables)
	}
	for _, p := range players {
		if p.Last != nil && p.Last.Over {
			t.Logf("%s: its match is over", p.Name)
		}
	}
}

// TestLoadtestKill: carrom loadtest -nodes 3 -kill, on a NATS cluster of
// its own (-nats): the second node is SIGKILLed during the play; its
// players reconnect, every table plays on, none refused, and a move of one
// of its tables waited for its lease to run out: renewed at most a third
// of a lease before the kill, it runs at least two thirds after, and one
// of the dead node's tables has a move sent within an interval of the kill.
func TestLoadtestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three servers")
	}
	const lease, interval = time.Second, 200 * time.Millisecond
	cmd := exec.Command(carromBinary(t), "loadtest", "-nodes", "3", "-store", pgtest.URL(t), "-nats", strings.Join(natstest.Cluster(t, 3), ","),
		"-tables", "6", "-interval", interval.String(), "-warmup", "1s", "-duration", "9s", "-kill", "3s", "-lease", lease.String())
	out, err := cmd.Output()
	t.Logf("%s", out)
	if err != nil {
		t.Fatal(err)
	}
	report := string(out)
	for _, want := range []string{"refused 0 (", "node 1 killed 3s into the play: 6 of 6 tables played on after it", "node 1: killed"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report does not say %q", want)
		}
	}
	var reconnects int
	var longest time.Duration
	for _, line := range strings.Split(report, "\n") {
		if n, err := fmt.Sscanf(line, "reconnects %d", &reconnects); n == 1 && err == nil {
			continue
		}
		if _, max, ok := strings.Cut(line, ", max "); ok && strings.HasPrefix(line, "node 1 killed") {
			longest, _ = time.ParseDuration(max)
		}
	}
	if reconnects == 0 {
		t.Errorf("no player reconnected")
	}
	if longest < lease*2/3-interval {
		t.Errorf("the longest wait for a move after the kill was %v; a table of the dead node cannot move before its lease (%v) runs out", longest, lease)
	}
}
