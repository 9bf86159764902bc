package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/loadtest"
)

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

// TestRatedSeedIsTheServers: the seed decides the tie-break toss (RULES
// B-8), so a rated table refuses a seed its creator chooses, draws its
// own (two tables made at the same instant of the server's clock get
// different ones), and shows it nobody until the match is over.
func TestRatedSeedIsTheServers(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	csrfA := signUp(t, ann, "ann")
	signUp(t, bob, "bob")
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
	ca.send(loadtest.Sit(0, ""))
	cb.send(loadtest.Sit(1, ""))
	st := ca.untilMine(0, 1)
	if st.Config.Seed != 0 {
		t.Errorf("the state of a rated match in play shows its seed %d; want it hidden (0)", st.Config.Seed)
	}
	c := map[bool]*conn{true: cb, false: ca}[st.ToAct.Seat == 1]
	c.send(loadtest.Concede("match"))
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
	co.send(loadtest.Sit(0, ""))
	co.next("welcome")
	cob := bob.connect(other, 0)
	cob.next("welcome")
	cob.send(loadtest.Sit(1, ""))
	st = co.untilMine(0, 1)
	map[bool]*conn{true: cob, false: co}[st.ToAct.Seat == 1].send(loadtest.Concede("match"))
	for co.untilMine(0, 1); !co.last.Over; {
		co.next("state", "event")
	}
	if s2 := seed(other); s2 == 0 || s2 == s1 {
		t.Errorf("two rated tables made at one instant have seeds %d and %d; want two drawn", s1, s2)
	}
}
