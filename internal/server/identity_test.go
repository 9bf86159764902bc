package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/loadtest"
)

// signUp makes an account for p and returns its CSRF token.
func (p *player) signUp(name string) string {
	p.t.Helper()
	code, a, _ := p.account("signup", name, "password "+name)
	if code != http.StatusOK {
		p.t.Fatalf("sign-up of %s: %d %+v", name, code, a)
	}
	return a.CSRF
}

// ratedTable has p (signed in, csrf its token) make a rated ICF table for
// two, with a stroke clock of clock seconds (0: none).
func (p *player) ratedTable(csrf string, clock int) string {
	p.t.Helper()
	body := `{"rules":"icf","players":2,"rated":true,"clock":` + itoa(clock) + `,"seats":[{"kind":"human"},{"kind":"human"}]}`
	code, out, _ := p.request("POST", "/api/tables", body, "X-CSRF-Token", csrf)
	if code != http.StatusCreated {
		p.t.Fatalf("a rated table: %d %s", code, out)
	}
	var ti struct{ ID string }
	json.Unmarshal([]byte(out), &ti)
	return ti.ID
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// sitAt connects p to table id and sits it at seat; it returns the
// connection and the error message if the seat was refused.
func (p *player) sitAt(id string, seat int) (*conn, string) {
	p.t.Helper()
	c := p.connect(id, 0)
	c.next("welcome")
	c.send(loadtest.Sit(seat, ""))
	m := c.next("welcome", "error")
	return c, m.Error
}

// playThenConcede plays the match of the two seats' connections: strokes
// strokes at least, then loser concedes the match at his turn to strike.
// It returns the last state.
func playThenConcede(t *testing.T, conns [2]*conn, strokes, loser int) *loadtest.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; ; {
		st := conns[0].untilMine(0, 1)
		if st.Over {
			return st
		}
		c := conns[st.ToAct.Seat]
		if n >= strokes && st.ToAct.Seat == loser && st.ToAct.Need == "strike" {
			c.send(loadtest.Concede("match"))
		} else {
			if st.ToAct.Need == "strike" {
				n++
			}
			c.send(myMove(st, rng))
		}
		conns[0].next("event")
	}
}

// leaders are the names on the ICF singles leaderboard, best first.
func leaders(p *player) []string {
	p.t.Helper()
	var board struct{ Ratings []struct{ Name string } }
	if code := p.get("/api/leaderboard?rules=icf&format=singles", &board); code != http.StatusOK {
		p.t.Fatalf("leaderboard: %d", code)
	}
	var out []string
	for _, r := range board.Ratings {
		out = append(out, r.Name)
	}
	return out
}

// TestRatedAsTheLiveSession (issue 31, 4): a browser plays rated matches
// as the account whose session it holds now, not as the one its token was
// once linked to. A browser signed out by a new password set elsewhere
// may not take a rated seat, and the match it was playing is not rated;
// a browser once signed in as M that signs in as C plays, and is rated,
// as C, and its matches from then on are C's.
func TestRatedAsTheLiveSession(t *testing.T) {
	e := newEnv(t, t.TempDir())
	old, phone, bob := e.player(), e.player(), e.player()
	old.signUp("ann")
	bobCSRF := bob.signUp("bob")
	if code, a, _ := phone.account("signin", "ann", "password ann"); code != http.StatusOK {
		t.Fatalf("ann signs in on her phone: %d %+v", code, a)
	}
	phoneCSRF := phone.me().CSRF

	// The old browser sits at a rated table against bob, then ann changes
	// her password on her phone: the old browser is signed out.
	id := bob.ratedTable(bobCSRF, 0)
	co, refused := old.sitAt(id, 0)
	if refused != "" {
		t.Fatalf("ann's browser refused its seat: %s", refused)
	}
	cb, refused := bob.sitAt(id, 1)
	if refused != "" {
		t.Fatalf("bob refused his seat: %s", refused)
	}
	code, body, _ := phone.request("POST", "/api/account/password", `{"old":"password ann","new":"password ann 2"}`, "X-CSRF-Token", phoneCSRF)
	if code != http.StatusOK {
		t.Fatalf("password change: %d %s", code, body)
	}
	if st := playThenConcede(t, [2]*conn{co, cb}, 24, 1); !st.Over {
		t.Fatal("the match is not over")
	}
	if names := leaders(bob); len(names) != 0 {
		t.Errorf("a match played on by a browser signed out by a new password was rated: leaderboard %v; want none", names)
	}
	// Nor may it take another rated seat.
	id2 := bob.ratedTable(bobCSRF, 0)
	if _, refused := old.sitAt(id2, 0); !strings.Contains(refused, "sign in") {
		t.Errorf("a browser signed out by a new password takes a rated seat: %q; want refused, sign in", refused)
	}

	// A browser whose token is linked to mel, signed out of mel by a new
	// password, signs in as cat: it plays and is rated as cat.
	shared, other := e.player(), e.player()
	shared.signUp("mel")
	if code, _, _ := other.account("signin", "mel", "password mel"); code != http.StatusOK {
		t.Fatal("mel signs in elsewhere")
	}
	if code, body, _ := other.request("POST", "/api/account/password", `{"old":"password mel","new":"password mel 2"}`, "X-CSRF-Token", other.me().CSRF); code != http.StatusOK {
		t.Fatalf("mel's password change: %d %s", code, body)
	}
	e.player().signUp("cat")
	if code, a, _ := shared.account("signin", "cat", "password cat"); code != http.StatusOK {
		t.Fatalf("cat signs in on mel's old browser: %d %+v", code, a)
	}
	cs, refused := shared.sitAt(id2, 0)
	if refused != "" {
		t.Fatalf("cat refused a rated seat: %s", refused)
	}
	cb2, refused := bob.sitAt(id2, 1)
	if refused != "" {
		t.Fatalf("bob refused his seat: %s", refused)
	}
	if st := playThenConcede(t, [2]*conn{cs, cb2}, 24, 1); st.Seats[0].Nickname != "cat" {
		t.Errorf("seat 0 is named %q; want cat, the account the browser is signed in as", st.Seats[0].Nickname)
	}
	if names := leaders(bob); len(names) != 2 || names[0] != "cat" || names[1] != "bob" {
		t.Errorf("leaderboard %v; want cat (who won) and bob, and not mel", names)
	}
	var prof struct{ Matches []struct{ ID string } }
	if code := bob.get("/api/players/mel", &prof); code != http.StatusOK || len(prof.Matches) != 0 {
		t.Errorf("mel's profile: %d, %d matches; want none: cat's match is not hers", code, len(prof.Matches))
	}
	if code := bob.get("/api/players/cat", &prof); code != http.StatusOK || len(prof.Matches) != 1 || prof.Matches[0].ID != id2 {
		t.Errorf("cat's profile: %d %+v; want the match %s", code, prof.Matches, id2)
	}
}
