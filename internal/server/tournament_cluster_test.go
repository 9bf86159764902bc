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
}

// node is edit's function for newClusterWith: node's leases placed, on a
// clock of its own, new at each start.
func (p *placement) node(c *server.Config) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c.Accounts = c.Store.(server.Accounts)
	p.clocks[c.Cluster.Node] = newFakeClock()
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

// TestClusterTournamentBell: a tournament of the format "bell" whose
// round has one online table on node a and one on node b (a takes one
// table's lease only, c none); the round's clock is started at a. Node b
// dies, its table moves to c, and b starts again: it waits for the bell
// too. The clock runs out at a and at the restarted b, each on its own
// clock: both ring, over the bus, and both tables end once, each with its
// score at the bell, and the standings take both results.
func TestClusterTournamentBell(t *testing.T) {
	place := &placement{holder: map[string]string{}, room: map[string]int{"a": 1, "c": 0}, clocks: map[string]*fakeClock{}}
	nodes := newClusterWith(t, 3, 900*time.Millisecond, place.node)
	a := nodes[0]
	org := &player{t: t, Client: nodeClient(t, a)}
	csrf := signUp(t, org, "org")
	names := []string{"ann", "bob", "cyd", "dee"}
	players, csrfs := map[string]*player{}, map[string]string{}
	for _, n := range names {
		players[n] = &player{t: t, Client: nodeClient(t, a)}
		csrfs[n] = signUp(t, players[n], n)
	}
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Timed","rounds":1,"format":"bell"}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for i, n := range names {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	round := organise(t, org, csrf, base+"/rounds/1/online", `{}`, http.StatusOK).Paired[0].Matches
	if len(round) != 2 {
		t.Fatalf("round 1: %+v; want two tables", round)
	}
	// The table at b: the one a could not take.
	atB, atA := round[0].Table, round[1].Table
	if place.at(atA, nodes) != a {
		atA, atB = atB, atA
	}
	eventually(t, "the tables held at a and b", func() bool { return place.at(atA, nodes) == a && place.at(atB, nodes) == nodes[1] })
	organise(t, org, csrf, base+"/rounds/1/clock", `{"minutes":1,"warning":0}`, http.StatusOK)
	byNum := map[int]string{1: "ann", 2: "bob", 3: "cyd", 4: "dee"}
	var conceder int
	for i, m := range round {
		// Each player at the node that holds his table.
		holder := place.at(m.Table, nodes)
		var cs [2]*conn
		for seat, n := range []string{byNum[m.A], byNum[m.B]} {
			p := &player{t: t, Client: copyBrowser(t, players[n].Client, holder.http.URL)}
			cs[seat] = p.connect(m.Table, 0)
			cs[seat].next("welcome")
			cs[seat].send(sitWith(seat, "", csrfs[n]))
			if w := cs[seat].next("welcome", "error"); len(w.Seats) != 1 {
				t.Fatalf("%s takes the kept seat %d at node %s: %s", n, seat, holder.name, w.Raw)
			}
		}
		st := strikeOnce(cs, rand.New(rand.NewPCG(5, uint64(i))))
		if m.Table == atA {
			continue // the table at a stays level
		}
		// At b, the seat to strike concedes the board: the other side
		// leads on points at the bell.
		conceder = st.ToAct.Seat
		cs[conceder].send(protocol.Concede("board"))
		cs[0].next("event")
	}
	place.mu.Lock()
	delete(place.room, "c")
	place.mu.Unlock()
	nodes[1].kill()
	eventually(t, "b's table taken over by c", func() bool { return place.at(atB, nodes) == nodes[2] })
	nodes[1] = nodes[1].again()

	place.clock("a").Advance(61 * time.Second)
	place.clock("b").Advance(61 * time.Second)
	var now tview
	eventually(t, "round 1's results entered at the bell", func() bool {
		org.get(base, &now)
		return now.Paired[0].Matches[0].Score != nil && now.Paired[0].Matches[1].Score != nil
	})
	points := map[string]int{}
	for _, m := range now.Paired[0].Matches {
		want, wantPoints := [2]int{0, 0}, [2]int{1, 1}
		if m.Table == atB {
			want, wantPoints = [2]int{1, 0}, [2]int{2, 0}
			if conceder == 0 {
				want, wantPoints = [2]int{0, 1}, [2]int{0, 2}
			}
		}
		if *m.Score != want || m.Source != "online" {
			t.Errorf("board %d, table %s: %+v %v; want %v, online", m.Board, m.Table, m, *m.Score, want)
		}
		points[byNum[m.A]], points[byNum[m.B]] = wantPoints[0], wantPoints[1]
		var rec struct{ Events []servertest.Message }
		org.get("/api/matches/"+m.Table+"/replay", &rec)
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
