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
	"github.com/carrom-game/carrom/internal/store"
)

// placedLeases is a node's leases that note which node took each table's
// lease and, with room not negative, take no more than room for this
// node (the others answer as if another node held them), so that a test
// places a round's tables on the nodes it chooses.
type placedLeases struct {
	*store.DB
	mu     *sync.Mutex
	holder map[string]string // table → node, shared by the cluster's nodes
	room   int
}

func (l *placedLeases) Take(ctx context.Context, node string, ttl time.Duration, tables []string) ([]carrom.Lease, error) {
	l.mu.Lock()
	if l.room >= 0 {
		tables = tables[:min(l.room, len(tables))]
	}
	l.mu.Unlock()
	if len(tables) == 0 {
		return nil, nil
	}
	taken, err := l.DB.Take(ctx, node, ttl, tables)
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, ls := range taken {
		l.holder[ls.Table] = ls.Node
		if l.room > 0 {
			l.room--
		}
	}
	return taken, err
}

// TestClusterTournamentBell: a tournament of the format "bell" whose
// round has one online table on node a and one on node b (node a takes
// one table's lease only, so b takes the other's); the round's clock is
// started at a, and runs out on a's clock only: both tables end with
// their scores at the bell, the one on b through the bus, and the
// standings take both results.
func TestClusterTournamentBell(t *testing.T) {
	var mu sync.Mutex
	holder := map[string]string{}
	clocks := map[string]*fakeClock{"a": newFakeClock(), "b": newFakeClock()}
	nodes := newClusterWith(t, 2, 900*time.Millisecond, func(c *server.Config) {
		c.Accounts = c.Store.(server.Accounts)
		c.Clock = clocks[c.Cluster.Node]
		room := -1
		if c.Cluster.Node == "a" {
			room = 1
		}
		c.Cluster.Leases = &placedLeases{DB: c.Cluster.Leases.(*store.DB), mu: &mu, holder: holder, room: room}
	})
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
	at := map[string]*node{}
	eventually(t, "each table held by a node", func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, m := range round {
			for _, nd := range nodes {
				if holder[m.Table] == nd.name {
					at[m.Table] = nd
				}
			}
		}
		return len(at) == 2
	})
	if at[round[0].Table] == at[round[1].Table] {
		t.Fatalf("both tables at node %s; want one at a, one at b", at[round[0].Table].name)
	}
	organise(t, org, csrf, base+"/rounds/1/clock", `{"minutes":1,"warning":0}`, http.StatusOK)
	byNum := map[int]string{1: "ann", 2: "bob", 3: "cyd", 4: "dee"}
	var conceder int
	for i, m := range round {
		// Each player at the node that holds his table.
		var cs [2]*conn
		for seat, n := range []string{byNum[m.A], byNum[m.B]} {
			p := &player{t: t, Client: copyBrowser(t, players[n].Client, at[m.Table].http.URL)}
			cs[seat] = p.connect(m.Table, 0)
			cs[seat].next("welcome")
			cs[seat].send(sitWith(seat, "", csrfs[n]))
			if w := cs[seat].next("welcome", "error"); len(w.Seats) != 1 {
				t.Fatalf("%s takes the kept seat %d at node %s: %s", n, seat, at[m.Table].name, w.Raw)
			}
		}
		st := strikeOnce(cs, rand.New(rand.NewPCG(5, uint64(i))))
		if at[m.Table] == a {
			continue // the table at a stays level
		}
		// At b, the seat to strike concedes the board: the other side
		// leads on points at the bell.
		conceder = st.ToAct.Seat
		cs[conceder].send(protocol.Concede("board"))
		cs[0].next("event")
	}
	clocks["a"].Advance(61 * time.Second)
	var now tview
	eventually(t, "round 1's results entered at the bell", func() bool {
		org.get(base, &now)
		return now.Paired[0].Matches[0].Score != nil && now.Paired[0].Matches[1].Score != nil
	})
	points := map[string]int{}
	for i, m := range now.Paired[0].Matches {
		want, wantPoints := [2]int{0, 0}, [2]int{1, 1}
		if at[round[i].Table] != a {
			want, wantPoints = [2]int{1, 0}, [2]int{2, 0}
			if conceder == 0 {
				want, wantPoints = [2]int{0, 1}, [2]int{0, 2}
			}
		}
		if *m.Score != want || m.Source != "online" {
			t.Errorf("board %d, its table at node %s: %+v %v; want %v, online", m.Board, at[round[i].Table].name, m, *m.Score, want)
		}
		points[byNum[m.A]], points[byNum[m.B]] = wantPoints[0], wantPoints[1]
	}
	for _, s := range now.Standings {
		if s.Points != points[s.Name] {
			t.Errorf("%s in the standings: %+v; want %d points", s.Name, s, points[s.Name])
		}
	}
}
