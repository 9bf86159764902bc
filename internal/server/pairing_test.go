package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/pairing"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// poolStatus reads p's place in a pool.
func poolStatus(t *testing.T, p *player, query string) protocol.PoolStatus {
	t.Helper()
	code, body, _ := p.request("GET", "/api/pool?"+query, "")
	var st protocol.PoolStatus
	if err := json.Unmarshal([]byte(body), &st); err != nil || code != http.StatusOK {
		t.Fatalf("GET /api/pool?%s: %d %s", query, code, body)
	}
	return st
}

// joinPool puts p in a pool (csrf: its session's token, or "").
func joinPool(t *testing.T, p *player, csrf, spec string) protocol.PoolStatus {
	t.Helper()
	code, body, _ := p.request("POST", "/api/pool", spec, "X-CSRF-Token", csrf)
	var st protocol.PoolStatus
	if err := json.Unmarshal([]byte(body), &st); err != nil || code != http.StatusOK {
		t.Fatalf("joining the pool %s: %d %s", spec, code, body)
	}
	return st
}

// seatedAt connects p to the link of a pairing and returns the seats its
// welcome says it holds.
func seatedAt(p *player, link string) (*conn, []int) {
	id, _, _ := strings.Cut(strings.TrimPrefix(link, "/t/"), "?")
	c := p.connect(id, 0)
	return c, c.next("welcome").Seats
}

// TestPoolPairsRated (issue 27, quick pairing): two accounts asking the
// same rated pool wait there, counted, until the next wave, which makes
// their table with each seated under his name and pushes each his seat
// over the live channel; both at the table, its rated match starts.
func TestPoolPairsRated(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	csrfA, csrfB := signUp(t, ann, "ann"), signUp(t, bob, "bob")
	la, lb := openLive(t, e.http.URL, ann.Client), openLive(t, e.http.URL, bob.Client)
	spec := `{"rules":"icf","clock":30,"rated":true}`
	if st := joinPool(t, ann, csrfA, spec); !st.Waiting || st.Count != 1 {
		t.Errorf("ann joins: %+v; want waiting, 1 in the pool", st)
	}
	if st := joinPool(t, bob, csrfB, spec); !st.Waiting || st.Count != 2 {
		t.Errorf("bob joins: %+v; want waiting, 2 in the pool", st)
	}
	// The unrated pool of the same rules and clock is another pool.
	if st := poolStatus(t, ann, "rules=icf&clock=30"); st.Waiting || st.Count != 0 {
		t.Errorf("the unrated pool: %+v; want nobody", st)
	}
	e.clock.Advance(pairing.Wave)
	pa, pb := la.next("paired"), lb.next("paired")
	var ma, mb protocol.PairedMsg
	json.Unmarshal([]byte(pa.raw), &ma)
	json.Unmarshal([]byte(pb.raw), &mb)
	if ma.Table == "" || ma.Table != mb.Table || ma.Link == mb.Link || ma.Opponent != "bob" || mb.Opponent != "ann" || !ma.Pool.Rated {
		t.Fatalf("pushed to ann %s and to bob %s; want one rated table, a seat each, the other's name", pa.raw, pb.raw)
	}
	if st := poolStatus(t, ann, "rules=icf&clock=30&rated=true"); st.Waiting || st.Count != 0 || st.Link != ma.Link {
		t.Errorf("ann's place after the wave: %+v; want paired, with her link %s", st, ma.Link)
	}
	ca, seatsA := seatedAt(ann, ma.Link)
	cb, seatsB := seatedAt(bob, mb.Link)
	if len(seatsA) != 1 || len(seatsB) != 1 || seatsA[0] == seatsB[0] || ma.Link != fmt.Sprintf("/t/%s?seat=%d", ma.Table, seatsA[0]) {
		t.Errorf("ann holds seats %v, bob %v; want one each, as the links say", seatsA, seatsB)
	}
	st := ca.untilMine(0, 1)
	if !st.Started || !st.Config.Rated || st.Config.Clock != 30 || st.ToAct.Deadline == 0 {
		t.Errorf("both at the table: started %v, rated %v, clock %d, deadline %d; want a rated match started with its 30 s clock", st.Started, st.Config.Rated, st.Config.Clock, st.ToAct.Deadline)
	}
	names := []string{st.Seats[0].Nickname, st.Seats[1].Nickname}
	slices.Sort(names)
	if !slices.Equal(names, []string{"ann", "bob"}) {
		t.Errorf("the seats' names: %v; want ann and bob", names)
	}
	cb.next("state", "event")
}

// TestPoolAnonymous: a browser without an account is refused a rated pool
// in words it can act on, and pairs in an unrated one.
func TestPoolAnonymous(t *testing.T) {
	e := newEnv(t, t.TempDir())
	x, y := e.player(), e.player()
	lx, ly := openLive(t, e.http.URL, x.Client), openLive(t, e.http.URL, y.Client)
	code, body, _ := x.request("POST", "/api/pool", `{"rules":"icf","clock":15,"rated":true}`)
	if code != http.StatusUnauthorized || !strings.Contains(body, "sign in") {
		t.Errorf("an anonymous browser asks a rated pool: %d %s; want 401, sign in", code, body)
	}
	joinPool(t, x, "", `{"rules":"family","clock":15}`)
	joinPool(t, y, "", `{"rules":"family","clock":15,"rated":false}`)
	e.clock.Advance(pairing.Wave)
	px, py := lx.next("paired"), ly.next("paired")
	if px.Table == "" || px.Table != py.Table || px.Link == py.Link {
		t.Fatalf("pushed %s and %s; want one table, a seat each", px.raw, py.raw)
	}
	_, seats := seatedAt(y, py.Link)
	if len(seats) != 1 {
		t.Errorf("y holds seats %v at its pairing's table; want its one", seats)
	}
}

// TestPoolCancel: Cancel, joining another pool, and leaving the page (the
// live channel closing) each take the seeker out of the pool, and a wave
// pairs nobody who left.
func TestPoolCancel(t *testing.T) {
	e := newEnv(t, t.TempDir())
	x, y := e.player(), e.player()
	spec, query := `{"rules":"icf","clock":30}`, "rules=icf&clock=30"
	joinPool(t, x, "", spec)
	joinPool(t, y, "", spec)
	if code, body, _ := x.request("DELETE", "/api/pool", ""); code != http.StatusNoContent {
		t.Errorf("cancel: %d %s", code, body)
	}
	if st := poolStatus(t, y, query); st.Count != 1 || !st.Waiting {
		t.Errorf("after x's cancel: %+v; want y alone", st)
	}
	joinPool(t, x, "", spec)
	joinPool(t, x, "", `{"rules":"icf","clock":15}`)
	if st := poolStatus(t, x, query); st.Count != 1 || st.Waiting {
		t.Errorf("x joined another pool: %+v; want y alone in the first", st)
	}
	joinPool(t, x, "", spec)
	if st := poolStatus(t, x, "rules=icf&clock=15"); st.Count != 0 {
		t.Errorf("x back in the first pool: the other counts %d; want 0", st.Count)
	}
	l := openLive(t, e.http.URL, y.Client)
	l.ws.CloseNow()
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if st := poolStatus(t, x, query); st.Count == 1 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("y's page closed its live channel: still %d in the pool after 20 s; want x alone", poolStatus(t, x, query).Count)
		}
	}
	e.clock.Advance(pairing.Wave)
	if st := poolStatus(t, x, query); !st.Waiting || st.Table != "" {
		t.Errorf("a wave with x alone: %+v; want x still waiting", st)
	}
}

// TestPoolBadInput: every malformed request is refused with a plain
// sentence and changes nothing.
func TestPoolBadInput(t *testing.T) {
	e := newEnv(t, t.TempDir())
	x := e.player()
	for _, c := range []struct {
		method, path, body string
		code               int
		want               string
	}{
		{"POST", "/api/pool", `{"rules":"three","clock":30}`, 400, "rules icf and family"},
		{"POST", "/api/pool", `{"rules":"icf","clock":0}`, 400, "clock of 15 or 30"},
		{"POST", "/api/pool", `{"rules":"icf","clock":"30"}`, 400, "request's body"},
		{"POST", "/api/pool", `{"rules":"icf","clock":30,"level":"x"}`, 400, "level"},
		{"POST", "/api/pool", `not json`, 400, "request's body"},
		{"GET", "/api/pool?rules=icf", "", 400, "clock=15 or clock=30"},
		{"GET", "/api/pool?rules=icf&clock=30&rated=maybe", "", 400, "rated=true or rated=false"},
		{"GET", "/api/pool?rules=point&clock=30", "", 400, "rules icf and family"},
	} {
		code, body, _ := x.request(c.method, c.path, c.body)
		var e struct{ Error string }
		json.Unmarshal([]byte(body), &e)
		if code != c.code || !strings.Contains(e.Error, c.want) || strings.Contains(e.Error, "pairing:") {
			t.Errorf("%s %s %s: %d %s; want %d saying %q", c.method, c.path, c.body, code, body, c.code, c.want)
		}
	}
	if st := poolStatus(t, x, "rules=icf&clock=30"); st.Count != 0 {
		t.Errorf("after the refusals: %d in the pool; want 0", st.Count)
	}
}

// TestClusterPoolPairs (issue 27, the cluster): a seeker at each of two
// nodes is paired, the pool one across them: its waves run at the node
// that took it, the other's seeker reaches it over the bus and is told
// of his table on his live channel at his own node; a page closing at
// one node takes its seeker out of the pool held at the other; a game
// offered at one node is listed and taken at the other. The test
// logs how long the second seeker waited from his join until both were
// seated at the table.
func TestClusterPoolPairs(t *testing.T) {
	nodes := newClusterWith(t, 2, 900*time.Millisecond, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	var ps [3]*player
	for i := range ps {
		cl, err := servertest.NewClient(context.Background(), nodes[i%2].http.URL)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = &player{t: t, Client: cl}
	}
	ann, bob, carol := ps[0], ps[1], ps[2]
	csrfA, csrfB := signUp(t, ann, "ann"), signUp(t, bob, "bob")
	la, lb := openLive(t, nodes[0].http.URL, ann.Client), openLive(t, nodes[1].http.URL, bob.Client)

	// Carol's page at node a joins the unrated pool and closes.
	lc := openLive(t, nodes[0].http.URL, carol.Client)
	joinPool(t, carol, "", `{"rules":"icf","clock":15}`)
	if st := poolStatus(t, bob, "rules=icf&clock=15"); st.Count != 1 {
		t.Errorf("carol waits, asked at node b: %d in the pool; want 1", st.Count)
	}
	lc.ws.CloseNow()
	for end := time.Now().Add(20 * time.Second); poolStatus(t, bob, "rules=icf&clock=15").Count != 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("carol's page closed at node a: still in the pool after 20 s, asked at node b")
		}
	}

	spec := `{"rules":"icf","clock":30,"rated":true}`
	joinPool(t, ann, csrfA, spec)
	start := time.Now()
	if st := joinPool(t, bob, csrfB, spec); st.Count != 2 {
		t.Errorf("bob joins at node b: %+v; want 2 in the pool with ann, who joined at node a", st)
	}
	pa, pb := la.next("paired"), lb.next("paired")
	if pa.Table == "" || pa.Table != pb.Table || pa.Link == pb.Link {
		t.Fatalf("pushed to ann at node a %s, to bob at node b %s; want one table, a seat each", pa.raw, pb.raw)
	}
	_, seatsA := seatedAt(ann, pa.Link)
	_, seatsB := seatedAt(bob, pb.Link)
	t.Logf("bob joined at node b and both were seated %v later", time.Since(start))
	if len(seatsA) != 1 || len(seatsB) != 1 || seatsA[0] == seatsB[0] {
		t.Errorf("ann holds seats %v, bob %v; want one each", seatsA, seatsB)
	}

	// A game offered at node b is listed at node a and taken there.
	code, body, _ := bob.request("POST", "/api/seeks", `{"rules":"family","clock":0}`, "X-CSRF-Token", csrfB)
	var sk protocol.Seek
	if err := json.Unmarshal([]byte(body), &sk); err != nil || code != http.StatusCreated {
		t.Fatalf("bob offers a game at node b: %d %s", code, body)
	}
	if l := seekList(t, ann); len(l) != 1 || l[0].ID != sk.ID {
		t.Fatalf("ann lists at node a %+v; want bob's game", l)
	}
	code, body, _ = ann.request("POST", "/api/seeks/"+sk.ID+"/accept", "", "X-CSRF-Token", csrfA)
	var st protocol.PoolStatus
	if err := json.Unmarshal([]byte(body), &st); err != nil || code != http.StatusOK {
		t.Fatalf("ann takes bob's game at node a: %d %s", code, body)
	}
	if p := lb.next("paired"); p.Table != st.Table {
		t.Errorf("bob at node b is pushed %s; want the table %s", p.raw, st.Table)
	}

	// The seeks' holder, node b, refuses ann at node a: its code and the
	// values its sentence names come across the bus.
	code, body, _ = bob.request("POST", "/api/seeks", `{"rules":"icf","clock":30,"rated":true,"min":1600,"max":2000}`, "X-CSRF-Token", csrfB)
	var ranged protocol.Seek
	if err := json.Unmarshal([]byte(body), &ranged); err != nil || code != http.StatusCreated {
		t.Fatalf("bob offers a rated game, 1600 to 2000, at node b: %d %s", code, body)
	}
	for _, c := range []struct {
		id, code string
		status   int
		params   map[string]any
	}{
		{ranged.ID, "seek_range", http.StatusForbidden, map[string]any{"Range": "1600 to 2000", "Rating": 1500.0}},
		{sk.ID, "seek_gone", http.StatusGone, nil},
	} {
		code, body, _ := ann.request("POST", "/api/seeks/"+c.id+"/accept", "", "X-CSRF-Token", csrfA)
		var got struct {
			Error, Code string
			Params      map[string]any
		}
		if err := json.Unmarshal([]byte(body), &got); err != nil || code != c.status || got.Code != c.code || got.Error == "" || !maps.Equal(got.Params, c.params) {
			t.Errorf("ann takes a game held at node b, at node a: %d %s; want %d, code %s with %v", code, body, c.status, c.code, c.params)
		}
	}
}

// seekList reads the seeks listed, as p sees them.
func seekList(t *testing.T, p *player) []protocol.Seek {
	t.Helper()
	code, body, _ := p.request("GET", "/api/seeks", "")
	var out []protocol.Seek
	if err := json.Unmarshal([]byte(body), &out); err != nil || code != http.StatusOK {
		t.Fatalf("GET /api/seeks: %d %s", code, body)
	}
	return out
}

// TestSeeks (issue 27, seeks): a game offered is listed to everyone, the
// lobbies told over the live channel; a player outside its rating range,
// or without an account for a rated one, or its own player is refused in
// plain words; one click of a player it admits makes the table, both
// seated, and its player is told; it is listed no more.
func TestSeeks(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob, x := e.player(), e.player(), e.player()
	csrfA, csrfB := signUp(t, ann, "ann"), signUp(t, bob, "bob")
	la, lx := openLive(t, e.http.URL, ann.Client), openLive(t, e.http.URL, x.Client)
	code, body, _ := ann.request("POST", "/api/seeks", `{"rules":"icf","clock":30,"rated":true,"min":1600,"max":2000}`, "X-CSRF-Token", csrfA)
	var sk protocol.Seek
	if err := json.Unmarshal([]byte(body), &sk); err != nil || code != http.StatusCreated || sk.By != "ann" || !sk.Mine || sk.Rating != 1500 {
		t.Fatalf("ann offers a game: %d %s", code, body)
	}
	e.clock.Advance(pairing.Wave)
	lx.next("seeks")
	if l := seekList(t, x); len(l) != 1 || l[0].ID != sk.ID || l[0].Mine || l[0].Min != 1600 || l[0].Max != 2000 || !l[0].Rated {
		t.Errorf("x lists %+v; want ann's rated game, 1600 to 2000, not x's", l)
	}
	for _, c := range []struct {
		p       *player
		csrf    string
		code    int
		saying  string
		whoDoes string
	}{
		{x, "", http.StatusUnauthorized, "sign in", "x without an account"},
		{bob, csrfB, http.StatusForbidden, "for players rated 1600 to 2000; yours is 1500", "bob, rated 1500"},
		{ann, csrfA, http.StatusBadRequest, "your own offer", "ann herself"},
	} {
		code, body, _ := c.p.request("POST", "/api/seeks/"+sk.ID+"/accept", "", "X-CSRF-Token", c.csrf)
		if code != c.code || !strings.Contains(body, c.saying) {
			t.Errorf("%s takes ann's game: %d %s; want %d saying %q", c.whoDoes, code, body, c.code, c.saying)
		}
	}
	// Ann offers an unrated game for all instead: it replaces the first.
	code, body, _ = ann.request("POST", "/api/seeks", `{"rules":"family","clock":0}`, "X-CSRF-Token", csrfA)
	json.Unmarshal([]byte(body), &sk)
	if l := seekList(t, bob); code != http.StatusCreated || len(l) != 1 || l[0].ID != sk.ID {
		t.Fatalf("ann offers another game: %d %s; bob lists %+v, want it alone", code, body, l)
	}
	code, body, _ = x.request("POST", "/api/seeks/"+sk.ID+"/accept", "")
	var st protocol.PoolStatus
	if err := json.Unmarshal([]byte(body), &st); err != nil || code != http.StatusOK || st.Link == "" || st.Opponent != "ann" {
		t.Fatalf("x takes ann's game: %d %s", code, body)
	}
	pa := la.next("paired")
	if pa.Table != st.Table || pa.Link == st.Link {
		t.Errorf("ann is pushed %s; want her seat at x's table %s", pa.raw, st.Table)
	}
	_, seats := seatedAt(x, st.Link)
	if len(seats) != 1 {
		t.Errorf("x holds seats %v at the table; want its one", seats)
	}
	if l := seekList(t, bob); len(l) != 0 {
		t.Errorf("after the game was taken bob lists %+v; want none", l)
	}
	if code, body, _ := bob.request("POST", "/api/seeks/"+sk.ID+"/accept", "", "X-CSRF-Token", csrfB); code != http.StatusGone {
		t.Errorf("bob takes the game taken: %d %s; want 410", code, body)
	}
	for _, c := range []struct{ body, want string }{
		{`{"rules":"three","clock":0}`, "rules icf or family"},
		{`{"rules":"icf","clock":20}`, "15 or 30"},
		{`{"rules":"icf","clock":0,"min":1800,"max":1200}`, "above the highest"},
		{`{"rules":"icf","clock":0,"max":9000}`, "from 0 to 4000"},
		{`{"rules":"icf","clock":0,"min":-5}`, "from 0 to 4000"},
		{`{"rules":"icf","clock":0,"rated":true}`, "sign in"},
	} {
		if code, body, _ := x.request("POST", "/api/seeks", c.body); code/100 != 4 || !strings.Contains(body, c.want) {
			t.Errorf("offering %s: %d %s; want a refusal saying %q", c.body, code, body, c.want)
		}
	}
	if l := seekList(t, bob); len(l) != 0 {
		t.Errorf("after the refusals bob lists %+v; want none", l)
	}
}
