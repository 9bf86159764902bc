package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// sitWith is a "sit" carrying the session's CSRF token.
func sitWith(seat int, nickname, csrf string) protocol.ClientMsg {
	in := protocol.Sit(seat, nickname)
	in.CSRF = csrf
	return in
}

// signUp makes p an account and returns its session's CSRF token.
func signUp(t *testing.T, p *player, name string) string {
	t.Helper()
	code, a, _ := p.account("signup", name, "password of "+name)
	if code != http.StatusOK {
		t.Fatalf("sign-up of %s: %d %+v", name, code, a)
	}
	return a.CSRF
}

// ratedTable is a rated two-player ICF table made by p.
func ratedTable(t *testing.T, p *player, csrf string) string {
	t.Helper()
	code, body, _ := p.request("POST", "/api/tables", `{"rules":"icf","players":2,"rated":true,"seats":[{"kind":"human"},{"kind":"human"}]}`, "X-CSRF-Token", csrf)
	var ti struct{ ID string }
	if err := json.Unmarshal([]byte(body), &ti); err != nil || code != http.StatusCreated {
		t.Fatalf("a rated table: %d %s", code, body)
	}
	return ti.ID
}

// TestSitNeedsTheSessionsCSRF: a page of another site can send a
// signed-in browser to a table's page but never read its session's CSRF
// token, so a signed-in browser's "sit" without it (or with another) is
// refused and takes nothing, at a rated table and at any other; with it,
// the seat is taken. A browser signed out, whose token once was an
// account's, takes no rated seat; an anonymous browser, which has no
// session, sits at an unrated table as before.
func TestSitNeedsTheSessionsCSRF(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	csrfA := signUp(t, ann, "ann")
	csrfB := signUp(t, bob, "bob")
	id := ratedTable(t, bob, csrfB)

	ca := ann.connect(id, 0)
	ca.next("welcome")
	for _, in := range []protocol.ClientMsg{protocol.Sit(0, ""), sitWith(0, "", "not-the-token"), sitWith(0, "", csrfB)} {
		ca.send(in)
		if m := ca.next("error", "welcome"); m.Type != "error" || !strings.Contains(m.Error, `"csrf"`) {
			t.Errorf("ann's sit with csrf %q: %s; want refused for want of her session's token", in.CSRF, m.Raw)
		}
	}
	var tbl struct {
		Table struct{ Seats []struct{ Taken bool } }
	}
	if code := ann.get("/api/tables/"+id, &tbl); code != http.StatusOK || len(tbl.Table.Seats) != 2 || tbl.Table.Seats[0].Taken {
		t.Errorf("after the refused sits: %d %+v; want seat 0 free", code, tbl.Table.Seats)
	}
	ca.send(sitWith(0, "", csrfA))
	if w := ca.next("welcome", "error"); w.Type != "welcome" || len(w.Seats) != 1 || w.Seats[0] != 0 || w.Nickname != "ann" {
		t.Errorf("ann's sit with her token: %s; want seat 0 as ann", w.Raw)
	}

	// Unrated: the same for a signed-in browser; none for an anonymous one.
	free := e.player().create(servertest.Humans(2, 5))
	cb := bob.connect(free, 0)
	cb.next("welcome")
	cb.send(protocol.Sit(0, "Bob"))
	if m := cb.next("error", "welcome"); m.Type != "error" || !strings.Contains(m.Error, `"csrf"`) {
		t.Errorf("bob's sit at an unrated table without his token: %s; want refused", m.Raw)
	}
	anon := e.player().connect(free, 0)
	anon.next("welcome")
	anon.send(protocol.Sit(1, "Eve"))
	if w := anon.next("welcome", "error"); w.Type != "welcome" || len(w.Seats) != 1 || w.Seats[0] != 1 {
		t.Errorf("an anonymous browser's sit at an unrated table: %s; want seat 1", w.Raw)
	}

	// Signed out, the browser's token still names the account; it takes
	// no rated seat for all that.
	if code, body, _ := bob.request("POST", "/api/account/signout", "", "X-CSRF-Token", csrfB); code != http.StatusOK {
		t.Fatalf("sign-out: %d %s", code, body)
	}
	cb2 := bob.connect(id, 0)
	cb2.next("welcome")
	cb2.send(protocol.Sit(1, ""))
	if m := cb2.next("error", "welcome"); m.Type != "error" || !strings.Contains(m.Error, "sign in") {
		t.Errorf("a signed-out browser's sit at a rated table: %s; want refused: sign in", m.Raw)
	}
}

// TestRatedSeatKeepsItsAccountsName: once a rated seat is taken, a second
// "sit" of the same browser, with a nickname or without, leaves the seat
// the account's name (in the welcome, the table's state and its record).
// A second "sit" of an unrated seat renames it to the nickname it gives,
// and without one changes nothing.
func TestRatedSeatKeepsItsAccountsName(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	csrf := signUp(t, ann, "ann")
	id := ratedTable(t, ann, csrf)
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(sitWith(1, "Whoever", csrf))
	if w := c.next("welcome", "error"); w.Nickname != "ann" {
		t.Fatalf("ann sits: %s; want seat 1 as ann", w.Raw)
	}
	for _, name := range []string{"Impostor", ""} {
		c.send(sitWith(1, name, csrf))
		if w := c.next("welcome", "error"); w.Type != "welcome" || w.Nickname != "ann" || len(w.Seats) != 1 || w.Seats[0] != 1 {
			t.Errorf("a second sit named %q: %s; want seat 1 still ann's", name, w.Raw)
		}
	}
	checkSeatName(t, ann, id, 1, "ann")

	free := e.player().create(servertest.Humans(2, 5))
	p := e.player()
	cf := p.connect(free, 0)
	cf.next("welcome")
	for _, step := range []struct{ give, want string }{{"Kim", "Kim"}, {"Kimberly", "Kimberly"}, {"", "Kimberly"}} {
		cf.send(protocol.Sit(0, step.give))
		if w := cf.next("welcome", "error"); w.Type != "welcome" || w.Nickname != step.want {
			t.Errorf("an unrated sit named %q: %s; want %q", step.give, w.Raw, step.want)
		}
	}
	checkSeatName(t, p, free, 0, "Kimberly")
}

// checkSeatName checks the seat's name in GET /api/tables/{id}: in the
// stored table and in the live state.
func checkSeatName(t *testing.T, p *player, id string, seat int, want string) {
	t.Helper()
	var got struct {
		Table struct{ Seats []struct{ Nickname string } }
	}
	if code := p.get("/api/tables/"+id, &got); code != http.StatusOK || len(got.Table.Seats) <= seat {
		t.Fatalf("GET /api/tables/%s: %d %+v", id, code, got)
	}
	if n := got.Table.Seats[seat].Nickname; n != want {
		t.Errorf("seat %d is named %q in the record; want %q", seat, n, want)
	}
	// The live state, from the table's owner whichever node answers.
	c := p.connect(id, 0)
	if st := c.next("state").State; len(st.Seats) <= seat || st.Seats[seat].Nickname != want {
		t.Errorf("seat %d in the state: %+v; want named %q", seat, st.Seats, want)
	}
}

// TestClusterRatedSeatKeepsItsName: Ann, at node a, sits at a rated table
// node b owns, then asks for another name: every node names her seat as
// her account.
func TestClusterRatedSeatKeepsItsName(t *testing.T) {
	nodes := newClusterWith(t, 3, 900*time.Millisecond, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	owner := &player{t: t, Client: nodeClient(t, nodes[1])}
	csrfO := signUp(t, owner, "olga")
	id := ratedTable(t, owner, csrfO)
	ann := &player{t: t, Client: nodeClient(t, nodes[0])}
	csrf := signUp(t, ann, "ann")
	c, err := ann.Connect(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	readUntil(t, ctx, c, "ann", "the welcome", func(m servertest.Message) bool { return m.Type == "welcome" })
	for _, name := range []string{"", "Impostor", ""} {
		if err := c.Send(ctx, sitWith(0, name, csrf)); err != nil {
			t.Fatal(err)
		}
		w := readUntil(t, ctx, c, "ann", "the welcome", func(m servertest.Message) bool { return m.Type == "welcome" || m.Type == "error" })
		if w.Type != "welcome" || w.Nickname != "ann" || len(w.Seats) != 1 {
			t.Errorf("ann's sit named %q through node a: %s; want seat 0 as ann", name, w.Raw)
		}
	}
	for _, nd := range nodes {
		checkSeatName(t, &player{t: t, Client: nodeClient(t, nd)}, id, 0, "ann")
	}
}

// nodeClient is a new browser talking to node n.
func nodeClient(t *testing.T, n *node) *servertest.Client {
	t.Helper()
	cl, err := servertest.NewClient(context.Background(), n.http.URL)
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// TestRatedSeedIsTheServers: the seed decides the tie-break toss (RULES
// B-8), so a rated table refuses a seed its creator chooses, draws its
// own (two tables made at the same instant of the server's clock get
// different ones), and shows it nobody until the match is over.
func TestRatedSeedIsTheServers(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	csrfA, csrfB := signUp(t, ann, "ann"), signUp(t, bob, "bob")
	code, body, _ := ann.request("POST", "/api/tables", `{"rules":"icf","players":2,"rated":true,"seed":3,"seats":[{"kind":"human"},{"kind":"human"}]}`, "X-CSRF-Token", csrfA)
	if code != http.StatusBadRequest || !strings.Contains(body, "seed") {
		t.Errorf("a rated table with the creator's seed: %d %s; want 400", code, body)
	}
	id, other := ratedTable(t, ann, csrfA), ratedTable(t, ann, csrfA)
	seed := func(id string) uint64 {
		var got struct {
			Table struct{ Config struct{ Seed uint64 } }
		}
		if code := ann.get("/api/tables/"+id, &got); code != http.StatusOK {
			t.Fatalf("GET /api/tables/%s: %d", id, code)
		}
		return got.Table.Config.Seed
	}
	if s := seed(id); s != 0 {
		t.Errorf("a rated table in play shows its seed %d; want it hidden (0)", s)
	}
	ca, cb := ann.connect(id, 0), bob.connect(id, 0)
	ca.next("welcome")
	cb.next("welcome")
	ca.send(sitWith(0, "", csrfA))
	cb.send(sitWith(1, "", csrfB))
	st := ca.untilMine(0, 1)
	if st.Config.Seed != 0 {
		t.Errorf("the state of a rated match in play shows its seed %d; want it hidden (0)", st.Config.Seed)
	}
	c := map[bool]*conn{true: cb, false: ca}[st.ToAct.Seat == 1]
	c.send(protocol.Concede("match"))
	for ca.untilMine(0, 1); !ca.last.Over; {
		ca.next("state", "event")
	}
	if ca.last.Config.Seed == 0 {
		t.Errorf("the state of the rated match over shows no seed")
	}
	s1 := seed(id)
	if s1 == 0 || s1 != ca.last.Config.Seed {
		t.Errorf("the rated match over: seed %d, its state's %d; want the same, shown", s1, ca.last.Config.Seed)
	}
	// The other table, made at the same instant of the fake clock, ends too.
	co := ann.connect(other, 0)
	co.next("welcome")
	co.send(sitWith(0, "", csrfA))
	co.next("welcome")
	cob := bob.connect(other, 0)
	cob.next("welcome")
	cob.send(sitWith(1, "", csrfB))
	st = co.untilMine(0, 1)
	map[bool]*conn{true: cob, false: co}[st.ToAct.Seat == 1].send(protocol.Concede("match"))
	for co.untilMine(0, 1); !co.last.Over; {
		co.next("state", "event")
	}
	if s2 := seed(other); s2 == 0 || s2 == s1 {
		t.Errorf("two rated tables made at one instant have seeds %d and %d; want two drawn", s1, s2)
	}
}
