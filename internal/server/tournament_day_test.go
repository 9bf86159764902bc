package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// onlineRound makes a tournament of the named accounts (rated from 1800
// down, in order), pairs round 1 and plays it on online tables; it
// answers the organiser, the tournament's base path, the view and each
// account's player and CSRF token.
func onlineRound(t *testing.T, e *env, names ...string) (*player, string, string, tview, map[string]*player, map[string]string) {
	t.Helper()
	org := e.player()
	csrf := signUp(t, org, "org")
	players, csrfs := map[string]*player{}, map[string]string{}
	for _, n := range names {
		p := e.player()
		players[n], csrfs[n] = p, signUp(t, p, n)
	}
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Day open","rounds":2}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for i, n := range names {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	v = organise(t, org, csrf, base+"/rounds/1/online", `{}`, http.StatusOK)
	return org, csrf, base, v, players, csrfs
}

// TestTournamentNoShow: a player who does not take his seat at a round's
// online table within 15 minutes of the call loses the match (ICF law
// 126, RULES TM-3): on the server's clock, the present player's match
// enters by itself 2-0, marked noshow, and logged; a table whose players
// both stayed away enters nothing (the organiser's to score).
func TestTournamentNoShow(t *testing.T) {
	e := newEnv(t, t.TempDir())
	names := []string{"ann", "bob", "cyd", "dee"}
	org, _, base, v, players, csrfs := onlineRound(t, e, names...)
	byNum := map[int]string{1: "ann", 2: "bob", 3: "cyd", 4: "dee"}
	first, second := v.Paired[0].Matches[0], v.Paired[0].Matches[1]
	if first.Table == "" || second.Table == "" {
		t.Fatalf("round 1's tables: %+v", v.Paired[0].Matches)
	}
	// The first match's second player sits; the first never comes.
	b := byNum[first.B]
	cb := players[b].connect(first.Table, 0)
	cb.next("welcome")
	cb.send(sitWith(1, "", csrfs[b]))
	if w := cb.next("welcome", "error"); len(w.Seats) != 1 {
		t.Fatalf("%s takes the kept seat 1: %s", b, w.Raw)
	}

	e.clock.Advance(14 * time.Minute)
	var now tview
	org.get(base, &now)
	if m := now.Paired[0].Matches[0]; m.Source != "" {
		t.Fatalf("14 minutes after the call the match has a result: %+v", m)
	}
	e.clock.Advance(time.Minute + time.Second)
	org.get(base, &now)
	m := now.Paired[0].Matches[0]
	if m.Source != "noshow" || m.Score == nil || *m.Score != [2]int{0, 2} {
		t.Fatalf("the match of a player who never sat: %+v; want 0-2 to %s, marked noshow", m, b)
	}
	if n := now.Paired[0].Matches[1]; n.Source != "" {
		t.Errorf("a match neither player came to: %+v; want no result", n)
	}
	if len(now.Log) != 1 || !strings.Contains(now.Log[0].Text, byNum[first.A]+" did not take the seat within 15 minutes") || !strings.Contains(now.Log[0].Text, "law 126") {
		t.Errorf("log %+v; want the no-show", now.Log)
	}
	for _, s := range now.Standings {
		if s.Name == b && s.Points != 2 {
			t.Errorf("%s's standing %+v; want 2 points", b, s)
		}
	}
}
