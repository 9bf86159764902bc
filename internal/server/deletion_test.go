package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// copyBrowser is a browser holding a copy of cl's identity cookie, as the
// other device or the copied cookie of a player would.
func copyBrowser(t *testing.T, cl *servertest.Client, base string) *servertest.Client {
	t.Helper()
	u, _ := url.Parse(cl.Base)
	c, err := servertest.NewClient(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	b, _ := url.Parse(base)
	jar.SetCookies(b, cl.HTTP().Jar.Cookies(u))
	*c.HTTP() = http.Client{Jar: jar}
	return c
}

// seatNames reads GET /api/tables/{id}: the stored seats' names and those
// of the table's state, if it runs at that node.
func seatNames(t *testing.T, cl *servertest.Client, id string) (stored, live []string) {
	t.Helper()
	var out struct {
		Table struct {
			Seats []struct{ Nickname string }
		}
		State *servertest.Message
	}
	if code, err := cl.GetJSON(context.Background(), "/api/tables/"+id, &out); err != nil || code != http.StatusOK {
		t.Fatalf("GET /api/tables/%s: %d %v", id, code, err)
	}
	for _, s := range out.Table.Seats {
		stored = append(stored, s.Nickname)
	}
	if out.State != nil && out.State.State != nil {
		for _, s := range out.State.State.Seats {
			live = append(live, s.Nickname)
		}
	}
	return stored, live
}

// welcomeSeats connects cl to table id and returns the seats it holds.
func welcomeSeats(t *testing.T, cl *servertest.Client, id string) []int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := cl.Connect(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for {
		m, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == "welcome" {
			return m.Seats
		}
	}
}

// TestDeletionLeavesTheTables (issue 25, 2): once an account is deleted,
// its seats at every table are "(deleted)", held by no browser, at once:
// a finished rated match still running and a challenge's table in play,
// in the store and in the tables' states (a rematch's seat kept for her
// click was never hers, and stays free); a browser with the
// account's old token holds none of them; the table in play whose seat
// nobody holds now is forfeited by it after the grace period (RULES TM-3).
func TestDeletionLeavesTheTables(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	a, b := ann.signUp("ann"), bob.signUp("bob")

	played := ann.ratedTable(a, 0)
	playThenConcede(t, seatBoth(t, played, ann, bob), 24, 1)
	code, body, _ := bob.request("POST", "/api/tables/"+played+"/rematch", "", "X-CSRF-Token", b)
	var rm struct{ Table string }
	if err := json.Unmarshal([]byte(body), &rm); err != nil || code != http.StatusCreated {
		t.Fatalf("rematch: %d %s", code, body)
	}
	challenged := challenge(t, bob, b, "ann", ann, a, `"rules":"icf","clock":15,"rated":true`)
	cc := bob.connect(challenged, 0)
	cc.next("welcome")

	old := copyBrowser(t, ann.Client, e.http.URL)
	if code, body, _ := ann.request("DELETE", "/api/account", `{"password":"password ann"}`, "X-CSRF-Token", a); code != http.StatusOK {
		t.Fatalf("deletion: %d %s", code, body)
	}
	// The rematch seated its asker only: ann's seat there waited for her
	// click, so it is no one's, not "(deleted)".
	for _, tc := range []struct {
		what, id string
		seat     int
		want     string
	}{{"the finished rated match", played, 0, "(deleted)"}, {"the rematch", rm.Table, 0, ""}, {"the challenge's table", challenged, 1, "(deleted)"}} {
		stored, live := seatNames(t, bob.Client, tc.id)
		if stored[tc.seat] != tc.want || len(live) != 2 || live[tc.seat] != tc.want {
			t.Errorf("%s: stored seats %q, the table's %q; want seat %d %q in both", tc.what, stored, live, tc.seat, tc.want)
		}
		if seats := welcomeSeats(t, old, tc.id); len(seats) != 0 {
			t.Errorf("%s: the account's old browser is welcomed at seats %v; want none", tc.what, seats)
		}
	}
	// The challenge's table: ann's seat, held by nobody, loses the match
	// after the grace period.
	e.clock.Advance(2*time.Minute + time.Second)
	for {
		m := cc.next("event")
		if m.State.Over {
			if m.Action.Kind != "forfeit" || m.State.Match.MatchWinner == nil || *m.State.Match.MatchWinner != 0 {
				t.Errorf("the challenge's table ends by %+v, winner %v; want the deleted seat's forfeit, bob the winner", m.Action, m.State.Match.MatchWinner)
			}
			break
		}
	}
}

// TestClusterDeletionLeavesTheTables: an account deleted at one node
// leaves its seat at a table another node runs: the owner's state says
// "(deleted)", and its old browser, through either node, holds no seat.
func TestClusterDeletionLeavesTheTables(t *testing.T) {
	nodes := newClusterWith(t, 2, 900*time.Millisecond, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	id := createTable(t, ctx, nodes[0], servertest.Humans(2, 3))
	annCl, _ := seated(t, ctx, nodes[0], id, 0, "Ann")
	seated(t, ctx, nodes[1], id, 1, "Bob")
	ann := &player{t: t, Client: copyBrowser(t, annCl, nodes[1].http.URL)}
	code, acct, _ := ann.account("signup", "ann", "password ann")
	if code != http.StatusOK {
		t.Fatalf("sign-up at node b: %d %+v", code, acct)
	}
	if code, body, _ := ann.request("DELETE", "/api/account", `{"password":"password ann"}`, "X-CSRF-Token", acct.CSRF); code != http.StatusOK {
		t.Fatalf("deletion at node b: %d %s", code, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, live := seatNames(t, annCl, id)
		if len(live) == 2 && live[0] == "(deleted)" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the owner's seats %q 10 s after the deletion at another node; want seat 0 (deleted)", live)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for i, n := range nodes {
		if seats := welcomeSeats(t, copyBrowser(t, annCl, n.http.URL), id); len(seats) != 0 {
			t.Errorf("the deleted account's browser through node %d holds %v; want no seat", i, seats)
		}
	}
}
