package server_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
	"github.com/carrom-game/carrom/internal/store"
)

// placement places a cluster's tables on the nodes a test chooses: each
// node's leases (placedLeases) note which node took each table's lease,
// and a node with a room not negative takes no more than room (for the
// others it answers as if another node held them).
type placement struct {
	mu     sync.Mutex
	holder map[string]string // table → node
	room   map[string]int    // node → leases it may take still; none: any
	clocks map[string]*fakeClock
	shared *fakeClock // every node's clock, if not nil
}

// node is edit's function for newClusterWith: node's leases placed, on
// the shared clock or on a clock of its own, new at each start.
func (p *placement) node(c *server.Config) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c.Accounts = c.Store.(server.Accounts)
	p.clocks[c.Cluster.Node] = p.shared
	if p.shared == nil {
		p.clocks[c.Cluster.Node] = newFakeClock()
	}
	c.Clock = p.clocks[c.Cluster.Node]
	c.Cluster.Leases = placedLeases{DB: c.Cluster.Leases.(*store.DB), p: p}
}

// at is the node that holds table (nil if none).
func (p *placement) at(table string, nodes []*node) *node {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, nd := range nodes {
		if p.holder[table] == nd.name {
			return nd
		}
	}
	return nil
}

// roomFor sets the leases node may take still; negative: any.
func (p *placement) roomFor(node string, room int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if room < 0 {
		delete(p.room, node)
		return
	}
	p.room[node] = room
}

func (p *placement) clock(node string) *fakeClock {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clocks[node]
}

type placedLeases struct {
	*store.DB
	p *placement
}

func (l placedLeases) Take(ctx context.Context, node string, ttl time.Duration, tables []string) ([]carrom.Lease, error) {
	l.p.mu.Lock()
	if room, ok := l.p.room[node]; ok {
		tables = tables[:min(room, len(tables))]
	}
	l.p.mu.Unlock()
	if len(tables) == 0 {
		return nil, nil
	}
	taken, err := l.DB.Take(ctx, node, ttl, tables)
	l.p.mu.Lock()
	defer l.p.mu.Unlock()
	for _, ls := range taken {
		l.p.holder[ls.Table] = ls.Node
		if room, ok := l.p.room[node]; ok {
			l.p.room[node] = room - 1
		}
	}
	return taken, err
}

// bellRound is a tournament of the format "bell" on a cluster: its round
// 1's two online tables, one at node a and one at node b, as the test's
// placement puts them (a takes one table's lease only, c none), and its
// clock started at a, of one minute.
type bellRound struct {
	t        *testing.T
	org      *player
	base     string
	online   tview  // the view once the tables are made
	atA, atB string // the tables
	nodes    []*node
	place    *placement
	players  map[string]*player
	csrfs    map[string]string
	byNum    map[int]string
	conceder int // the seat that conceded a board at b's table
}

func newBellRound(t *testing.T, place *placement) *bellRound {
	nodes := newClusterWith(t, 3, 900*time.Millisecond, place.node)
	a := nodes[0]
	r := &bellRound{t: t, nodes: nodes, place: place, org: &player{t: t, Client: nodeClient(t, a)},
		players: map[string]*player{}, csrfs: map[string]string{}, byNum: map[int]string{1: "ann", 2: "bob", 3: "cyd", 4: "dee"}}
	csrf := signUp(t, r.org, "org")
	names := []string{"ann", "bob", "cyd", "dee"}
	for _, n := range names {
		r.players[n] = &player{t: t, Client: nodeClient(t, a)}
		r.csrfs[n] = signUp(t, r.players[n], n)
	}
	v := organise(t, r.org, csrf, "/api/tournaments", `{"name":"Timed","rounds":1,"format":"bell"}`, http.StatusCreated)
	r.base = "/api/tournaments/" + v.ID
	for i, n := range names {
		organise(t, r.org, csrf, r.base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, r.org, csrf, r.base+"/rounds", `{}`, http.StatusCreated)
	r.online = organise(t, r.org, csrf, r.base+"/rounds/1/online", `{}`, http.StatusOK)
	round := r.online.Paired[0].Matches
	if len(round) != 2 {
		t.Fatalf("round 1: %+v; want two tables", round)
	}
	// The table at b: the one a could not take.
	r.atB, r.atA = round[0].Table, round[1].Table
	if place.at(r.atA, nodes) != a {
		r.atA, r.atB = r.atB, r.atA
	}
	eventually(t, "the tables held at a and b", func() bool { return place.at(r.atA, nodes) == a && place.at(r.atB, nodes) == nodes[1] })
	organise(t, r.org, csrf, r.base+"/rounds/1/clock", `{"minutes":1,"warning":0}`, http.StatusOK)
	return r
}

// play seats each table's players, at the node that holds it, and plays
// a stroke at each; at b's, the seat to strike then concedes the board,
// so that the other side leads on points at the bell. a's stays level.
func (r *bellRound) play() {
	t := r.t
	for i, m := range r.online.Paired[0].Matches {
		holder := r.place.at(m.Table, r.nodes)
		var cs [2]*conn
		for seat, n := range []string{r.byNum[m.A], r.byNum[m.B]} {
			p := &player{t: t, Client: copyBrowser(t, r.players[n].Client, holder.http.URL)}
			cs[seat] = p.connect(m.Table, 0)
			cs[seat].next("welcome")
			cs[seat].send(sitWith(seat, "", r.csrfs[n]))
			if w := cs[seat].next("welcome", "error"); len(w.Seats) != 1 {
				t.Fatalf("%s takes the kept seat %d at node %s: %s", n, seat, holder.name, w.Raw)
			}
		}
		st := strikeOnce(cs, rand.New(rand.NewPCG(5, uint64(i))))
		if m.Table == r.atB {
			r.conceder = st.ToAct.Seat
			cs[r.conceder].send(protocol.Concede("board"))
			cs[0].next("event")
		}
	}
}

// takenOver waits until node nd runs table, taken over.
func (r *bellRound) takenOver(table string, nd *node) {
	eventually(r.t, "table "+table+" taken over by node "+nd.name, func() bool {
		return r.place.at(table, r.nodes) == nd && nd.srv.Metric("carrom_lease_takeovers_total") >= 1
	})
}

// check waits for both results and checks them: each table ended by one
// bell, with its score then (a's a draw, 0-0; b's won by the side that
// did not concede, 1-0), and the standings and the log take them.
func (r *bellRound) check() {
	t := r.t
	var now tview
	eventually(t, "round 1's results entered at the bell", func() bool {
		r.org.get(r.base, &now)
		return now.Paired[0].Matches[0].Score != nil && now.Paired[0].Matches[1].Score != nil
	})
	points := map[string]int{}
	for _, m := range now.Paired[0].Matches {
		want, wantPoints := [2]int{0, 0}, [2]int{1, 1}
		if m.Table == r.atB {
			want, wantPoints = [2]int{1, 0}, [2]int{2, 0}
			if r.conceder == 0 {
				want, wantPoints = [2]int{0, 1}, [2]int{0, 2}
			}
		}
		if *m.Score != want || m.Source != "online" {
			t.Errorf("board %d, table %s: %+v %v; want %v, online", m.Board, m.Table, m, *m.Score, want)
		}
		points[r.byNum[m.A]], points[r.byNum[m.B]] = wantPoints[0], wantPoints[1]
		var rec struct{ Events []servertest.Message }
		r.org.get("/api/matches/"+m.Table+"/replay", &rec)
		bells := 0
		for _, ev := range rec.Events {
			if ev.Action != nil && ev.Action.Kind == "bell" {
				bells++
			}
		}
		if n := len(rec.Events); bells != 1 || n == 0 || !rec.Events[n-1].State.Over {
			t.Errorf("table %s's record: %d events, %d bells; want its match ended by one bell", m.Table, n, bells)
		}
	}
	for _, s := range now.Standings {
		if s.Points != points[s.Name] {
			t.Errorf("%s in the standings: %+v; want %d points", s.Name, s, points[s.Name])
		}
	}
	if len(now.Log) != 1 {
		t.Errorf("the log %+v; want the one draw at the bell", now.Log)
	}
}

// TestClusterTournamentBell: a tournament of the format "bell" whose
// round has one online table on node a and one on node b; the round's
// clock is started at a. Node b dies, its table moves to c, and b starts
// again: it waits for the bell too. The clock runs out at a and at the
// restarted b, each on its own clock: both ring, over the bus, and both
// tables end once, each with its score at the bell, and the standings
// take both results.
func TestClusterTournamentBell(t *testing.T) {
	place := &placement{holder: map[string]string{}, room: map[string]int{"a": 1, "c": 0}, clocks: map[string]*fakeClock{}}
	r := newBellRound(t, place)
	r.play()
	place.roomFor("c", -1)
	r.nodes[1].kill()
	r.takenOver(r.atB, r.nodes[2])
	r.nodes[1] = r.nodes[1].again()
	place.clock("a").Advance(61 * time.Second)
	place.clock("b").Advance(61 * time.Second)
	r.check()
}

// TestClusterTournamentBellClockNodeDies: the node where the round's
// clock was started, a, dies before the bell, and its table moves to c:
// c, taking it over, waits for the round's bell, and rings it for both
// tables, its own and b's. One clock for every node, as the nodes of a
// cluster share the time: the players come 50 s into the round, so that
// no stroke's clock runs out before the bell.
func TestClusterTournamentBellClockNodeDies(t *testing.T) {
	place := &placement{holder: map[string]string{}, room: map[string]int{"a": 1, "c": 0}, clocks: map[string]*fakeClock{}, shared: newFakeClock()}
	r := newBellRound(t, place)
	place.shared.Advance(50 * time.Second)
	r.play()
	place.roomFor("b", 0)
	place.roomFor("c", -1)
	r.nodes[0].kill()
	r.takenOver(r.atA, r.nodes[2])
	place.shared.Advance(11 * time.Second)
	r.check()
}

// TestClusterTournamentBellEveryNode: every node waits for a round's bell,
// not only the one where its clock was started (a) or that took a table
// over: the clock runs out at b alone, which rings the bell for its own
// table and, over the bus, for a's.
func TestClusterTournamentBellEveryNode(t *testing.T) {
	place := &placement{holder: map[string]string{}, room: map[string]int{"a": 1, "c": 0}, clocks: map[string]*fakeClock{}}
	r := newBellRound(t, place)
	r.play()
	// b learns of the clock over the bus: its bell's timer, a minute
	// after the clock started at a, is set before b's time moves.
	b := place.clock("b")
	bell := b.Now().Add(time.Minute)
	eventually(t, "b waiting for the bell", func() bool { return b.waitsFor(bell) })
	b.Advance(61 * time.Second)
	r.check()
}
