package server_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
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

// sitAt connects p to table id and sits it at seat, with its session's
// CSRF token if it is signed in; it returns the connection and the error
// message if the seat was refused.
func (p *player) sitAt(id string, seat int) (*conn, string) {
	p.t.Helper()
	c := p.connect(id, 0)
	c.next("welcome")
	in := protocol.Sit(seat, "")
	in.CSRF = p.me().CSRF
	c.send(in)
	m := c.next("welcome", "error")
	return c, m.Error
}

// seatBoth seats p0 and p1 at seats 0 and 1 of table id, which they must
// be given, and returns their connections.
func seatBoth(t *testing.T, id string, p0, p1 *player) [2]*conn {
	t.Helper()
	var out [2]*conn
	for i, p := range []*player{p0, p1} {
		c, refused := p.sitAt(id, i)
		if refused != "" {
			t.Fatalf("seat %d refused: %s", i, refused)
		}
		out[i] = c
	}
	return out
}

// playThenConcede plays the match of the two seats' connections: strokes
// strokes at least, then loser concedes the match at his turn to strike.
// It returns the last state.
func playThenConcede(t *testing.T, conns [2]*conn, strokes, loser int) *protocol.GameState {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; ; {
		st := conns[0].untilMine(0, 1)
		if st.Over {
			return st
		}
		c := conns[st.ToAct.Seat]
		if n >= strokes && st.ToAct.Seat == loser && st.ToAct.Need == "strike" {
			c.send(protocol.Concede("match"))
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
	conns := seatBoth(t, bob.ratedTable(bobCSRF, 0), old, bob)
	code, body, _ := phone.request("POST", "/api/account/password", `{"old":"password ann","new":"password ann 2"}`, "X-CSRF-Token", phoneCSRF)
	if code != http.StatusOK {
		t.Fatalf("password change: %d %s", code, body)
	}
	if st := playThenConcede(t, conns, 24, 1); !st.Over {
		t.Fatal("the match is not over")
	}
	if why := conns[1].unrated().Unrated; !strings.Contains(why, "no longer signed in") {
		t.Errorf("the match of a browser signed out: unrated %q; want its seat no longer signed in", why)
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
	if st := playThenConcede(t, seatBoth(t, id2, shared, bob), 24, 1); st.Seats[0].Nickname != "cat" {
		t.Errorf("seat 0 is named %q; want cat, the account the browser is signed in as", st.Seats[0].Nickname)
	}
	ratedIn(t, bob, "bob", id2)
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

// challenge has from (csrf its token) challenge the account named to with
// body's rules and clock, and to (csrf2) accept it; it returns the table.
func challenge(t *testing.T, from *player, csrf, to string, accepter *player, csrf2, body string) string {
	t.Helper()
	code, out, _ := from.request("POST", "/api/challenges", `{"to":"`+to+`",`+body+`}`, "X-CSRF-Token", csrf)
	var ch struct{ ID, Table string }
	if err := json.Unmarshal([]byte(out), &ch); err != nil || code != http.StatusCreated {
		t.Fatalf("a challenge: %d %s", code, out)
	}
	code, out, _ = accepter.request("POST", "/api/challenges/"+ch.ID+"/accept", "", "X-CSRF-Token", csrf2)
	if err := json.Unmarshal([]byte(out), &ch); err != nil || code != http.StatusOK || ch.Table == "" {
		t.Fatalf("accepting: %d %s", code, out)
	}
	return ch.Table
}

// TestChallengeWaitsForItsPlayers (issue 25): an accepted challenge's
// clock does not run while nobody is there (22 minutes: no timeout); once
// one player has come, the other has 15 minutes (ICF law 126), still
// without a clock, then leaves the match (RULES TM-3): a rated one, not
// begun, is aborted (docs/accounts.md).
func TestChallengeWaitsForItsPlayers(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	a, b := ann.signUp("ann"), bob.signUp("bob")
	id := challenge(t, ann, a, "bob", bob, b, `"rules":"icf","clock":15,"rated":true`)
	for range 22 {
		e.clock.Advance(time.Minute)
	}
	if acts := storedActions(t, bob, id); len(acts) != 0 {
		t.Fatalf("22 minutes with nobody at the table recorded %d actions (%v); want none", len(acts), acts)
	}
	cb := bob.connect(id, 0)
	if w := cb.next("welcome"); len(w.Seats) != 1 || w.Seats[0] != 1 {
		t.Fatalf("bob holds %v; want seat 1", w.Seats)
	}
	if st := cb.next("state").State; st.Started || st.ToAct.Deadline != 0 {
		t.Fatalf("bob alone: started %v, deadline %d; want the match not started, no clock", st.Started, st.ToAct.Deadline)
	}
	e.clock.Advance(noShow - time.Second)
	if acts := storedActions(t, bob, id); len(acts) != 0 {
		t.Fatalf("bob alone for 15 minutes less a second: %d actions (%v); want none", len(acts), acts)
	}
	e.clock.Advance(time.Second)
	ev := cb.next("event")
	if ev.Action.Kind != "forfeit" || !ev.State.Over || ev.State.Match.MatchWinner == nil || *ev.State.Match.MatchWinner != 1 {
		t.Fatalf("15 minutes after bob came: %+v, over %v; want ann's forfeit, bob the winner", ev.Action, ev.State.Over)
	}
	if acts := storedActions(t, bob, id); len(acts) != 1 {
		t.Errorf("the record: %v; want the forfeit alone", acts)
	}
	if st := cb.unrated(); !st.Aborted || !strings.Contains(st.Unrated, "aborted before its first stroke") {
		t.Errorf("a rated match not come to: aborted %v, unrated %q; want aborted, and said so", st.Aborted, st.Unrated)
	}
	if names := leaders(bob); len(names) != 0 {
		t.Errorf("a match lost by not coming was rated: leaderboard %v; want none", names)
	}

	// Both come: the clock starts when the second does.
	id = challenge(t, bob, b, "ann", ann, a, `"rules":"icf","clock":15`)
	ca := ann.connect(id, 0)
	ca.next("welcome")
	if st := ca.next("state").State; st.Started {
		t.Fatal("ann alone: the match has started")
	}
	e.clock.Advance(10 * time.Minute)
	cb = bob.connect(id, 0)
	cb.next("welcome")
	if st := cb.next("state").State; !st.Started || st.ToAct.Deadline != e.clock.Now().Add(15*time.Second).UnixMilli() {
		t.Fatalf("both here: started %v, deadline %d; want started, the clock 15 s from now", st.Started, st.ToAct.Deadline)
	}
}

// noShow is how long a seat waits for its player once another has come.
const noShow = 15 * time.Minute

// TestRatingsCannotBeFarmed (issue 31, 7): a match conceded at once is not
// rated, and two accounts' rated matches against each other are capped at
// 5 a day: the sixth is played unrated, and the table's state and the
// profile say so.
func TestRatingsCannotBeFarmed(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	a := ann.signUp("ann")
	bob.signUp("bob")
	// match plays a rated match and waits until it is rated, or its
	// players are told why not.
	match := func(strokes int, rated bool) (string, *protocol.GameState, string) {
		t.Helper()
		id := ann.ratedTable(a, 0)
		conns := seatBoth(t, id, ann, bob)
		began := conns[0].untilMine(0, 1).Unrated
		st := playThenConcede(t, conns, strokes, 1)
		if rated {
			ratedIn(t, bob, "bob", id)
		} else {
			st = conns[0].unrated()
		}
		return id, st, began
	}
	id, st, _ := match(0, false)
	if !strings.Contains(st.Unrated, "too short") {
		t.Errorf("a match conceded at once: unrated %q; want too short", st.Unrated)
	}
	if names := leaders(bob); len(names) != 0 {
		t.Errorf("a match conceded at once was rated: leaderboard %v", names)
	}
	var prof struct {
		Matches []struct {
			ID    string
			Rated bool
		}
	}
	if code := bob.get("/api/players/bob", &prof); code != http.StatusOK || len(prof.Matches) != 1 || prof.Matches[0].ID != id || prof.Matches[0].Rated {
		t.Errorf("bob's profile: %d %+v; want the match shown unrated", code, prof.Matches)
	}
	for i := range 5 {
		if _, st, began := match(24, true); st.Unrated != "" || began != "" {
			t.Fatalf("rated match %d of the day: unrated %q (at its start %q); want rated", i+1, st.Unrated, began)
		}
	}
	_, st, began := match(24, false)
	if !strings.Contains(began, "5 rated matches") || !strings.Contains(st.Unrated, "5 rated matches") {
		t.Errorf("the sixth match of the day: unrated %q at its start, %q at its end; want the cap of 5 said", began, st.Unrated)
	}
	var board struct{ Ratings []struct{ Games int } }
	if code := bob.get("/api/leaderboard?rules=icf&format=singles", &board); code != http.StatusOK || len(board.Ratings) != 2 || board.Ratings[0].Games != 5 {
		t.Errorf("leaderboard %d %+v; want 5 games each", code, board.Ratings)
	}
	// The next day counts afresh.
	e.clock.Advance(24 * time.Hour)
	if _, st, _ := match(24, true); st.Unrated != "" {
		t.Errorf("the next day's match: unrated %q; want rated", st.Unrated)
	}
}

// TestChallengeAcceptedOnce (issue 31, suspected): two accepts of one
// challenge sent at once make one table: one is answered with it, the
// other refused (409), and no second table is left in play.
func TestChallengeAcceptedOnce(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	a, b := ann.signUp("ann"), bob.signUp("bob")
	const n = 6
	for i := range n {
		code, out, _ := ann.request("POST", "/api/challenges", `{"to":"bob","rules":"icf","clock":0}`, "X-CSRF-Token", a)
		var ch struct{ ID string }
		if err := json.Unmarshal([]byte(out), &ch); err != nil || code != http.StatusCreated {
			t.Fatalf("challenge %d: %d %s", i, code, out)
		}
		var (
			wg    sync.WaitGroup
			codes [2]int
		)
		for j := range codes {
			wg.Go(func() {
				codes[j], _, _ = bob.request("POST", "/api/challenges/"+ch.ID+"/accept", "", "X-CSRF-Token", b)
			})
		}
		wg.Wait()
		if min(codes[0], codes[1]) != http.StatusOK || max(codes[0], codes[1]) != http.StatusConflict {
			t.Errorf("challenge %d accepted twice at once: %v; want 200 and 409", i, codes)
		}
	}
	recs, err := e.st.Tables(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != n {
		t.Errorf("%d challenges accepted twice at once made %d tables; want %d", n, len(recs), n)
	}
}
