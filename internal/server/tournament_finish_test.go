package server_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
)

// TestTournamentFinalsWithoutWithdrawn: a player who withdrew after the
// Swiss does not reach its finals, even as its leader; the finals are
// played by the best of the players still in (SoL: a retired player
// leaves the finals' places), and the final ranking puts them above him.
func TestTournamentFinalsWithoutWithdrawn(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org := e.player()
	csrf := signUp(t, org, "org")
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Retire open","rounds":1}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for i, n := range []string{"Ann", "Bob", "Cyd", "Dee"} {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"name":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/finals", `{"places":2,"best_of":1}`, http.StatusOK)
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	ev := &event{t: t, e: e, org: org, csrf: csrf, base: base, ledger: map[[2]int][2]int{}, sources: map[string]int{}}
	first := ev.view()
	winners := map[int]bool{}
	for _, m := range first.Paired[0].Matches {
		ev.typed(1, m.Board, [2]int{25, 10 + m.Board})
		winners[m.A] = true
	}
	leader := ev.view().Ranking[0]
	if !winners[leader.Num] {
		t.Fatalf("the Swiss's leader %+v; want a winner of round 1", leader)
	}
	organise(t, org, csrf, fmt.Sprintf("%s/players/%d", base, leader.Num), `{"withdrawn":true}`, http.StatusOK)
	organise(t, org, csrf, base+"/finals/rounds", `{}`, http.StatusCreated)
	fv := ev.view()
	final := fv.Paired[len(fv.Paired)-1]
	if final.Final != 1 || len(final.Matches) != 1 {
		t.Fatalf("the finals round: %+v", final)
	}
	m := final.Matches[0]
	if m.A == leader.Num || m.B == leader.Num {
		t.Fatalf("the final %+v pairs %s, who withdrew", m, leader.Name)
	}
	ranking := fv.Ranking
	if ranking[0].Num == leader.Num || ranking[1].Num == leader.Num || ranking[2].Num != leader.Num {
		t.Errorf("the ranking %+v; want %s third, below the finalists", ranking, leader.Name)
	}
	ev.typed(2, 1, [2]int{25, 3})
	if fv = ev.view(); fv.Ranking[0].Num != m.A || fv.Ranking[1].Num != m.B || fv.Ranking[2].Num != leader.Num {
		t.Errorf("the final ranking %+v after the final %+v won by its first; want its players first and second, %s third", fv.Ranking, m, leader.Name)
	}
}

// TestTournamentBell: in a tournament of the format "bell", when the
// round's clock reaches zero on the server's clock, each online table of
// the round still in play ends with its score at the bell and enters its
// result by itself: the side ahead on points wins; a table level is a
// draw, a draw's points to each.
func TestTournamentBell(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org := e.player()
	csrf := signUp(t, org, "org")
	if code, body, _ := org.request("POST", "/api/tournaments", `{"name":"Timed","rounds":2,"format":"blitz"}`, "X-CSRF-Token", csrf); code != http.StatusBadRequest || !strings.Contains(errorOf(body), `format "blitz": want laws`) {
		t.Errorf("an unknown format: %d %s; want 400", code, body)
	}
	players, csrfs := map[string]*player{}, map[string]string{}
	names := []string{"ann", "bob", "cyd", "dee"}
	for _, n := range names {
		p := e.player()
		players[n], csrfs[n] = p, signUp(t, p, n)
	}
	var v struct {
		tview
		Format string
	}
	code, body, _ := org.request("POST", "/api/tournaments", `{"name":"Timed","rounds":2,"format":"bell"}`, "X-CSRF-Token", csrf)
	if err := jsonInto(body, &v); err != nil || code != http.StatusCreated || v.Format != "bell" {
		t.Fatalf("a tournament of the format bell: %d %s", code, body)
	}
	base := "/api/tournaments/" + v.ID
	for i, n := range names {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	round := organise(t, org, csrf, base+"/rounds/1/online", `{}`, http.StatusOK).Paired[0].Matches
	organise(t, org, csrf, base+"/rounds/1/clock", `{"minutes":1,"warning":0}`, http.StatusOK)
	byNum := map[int]string{1: "ann", 2: "bob", 3: "cyd", 4: "dee"}
	var conceder int
	for i, m := range round {
		var cs [2]*conn
		for seat, n := range []string{byNum[m.A], byNum[m.B]} {
			cs[seat] = players[n].connect(m.Table, 0)
			cs[seat].next("welcome")
			cs[seat].send(sitWith(seat, "", csrfs[n]))
			if w := cs[seat].next("welcome", "error"); len(w.Seats) != 1 {
				t.Fatalf("%s takes the kept seat %d: %s", n, seat, w.Raw)
			}
		}
		// A stroke, so that the stroke clock does not abort the match.
		st := strikeOnce(cs, rand.New(rand.NewPCG(1, uint64(i))))
		if i > 0 {
			continue // the second table stays level
		}
		// On the first, the seat to strike concedes the board: the other
		// side leads on points at the bell.
		conceder = st.ToAct.Seat
		cs[conceder].send(protocol.Concede("board"))
		cs[0].next("event")
	}
	e.clock.Advance(61 * time.Second)
	var now tview
	eventually(t, "round 1's results entered at the bell", func() bool {
		org.get(base, &now)
		return now.Paired[0].Matches[0].Score != nil && now.Paired[0].Matches[1].Score != nil
	})
	want := [2]int{1, 0}
	if conceder == 0 {
		want = [2]int{0, 1}
	}
	if m := now.Paired[0].Matches[0]; *m.Score != want || m.Source != "online" {
		t.Errorf("the table whose seat %d conceded a board: %+v %v; want %v, online", conceder, m, *m.Score, want)
	}
	if m := now.Paired[0].Matches[1]; *m.Score != [2]int{0, 0} || m.Source != "online" {
		t.Errorf("the table level at the bell: %+v %v; want a draw 0-0, online", m, *m.Score)
	}
	level := map[string]bool{byNum[round[1].A]: true, byNum[round[1].B]: true}
	for _, s := range now.Standings {
		if level[s.Name] && s.Points != 1 {
			t.Errorf("%s drew at the bell: %+v; want 1 point", s.Name, s)
		}
	}
	if len(now.Log) != 1 || !strings.Contains(now.Log[0].Text, "a draw at the bell") {
		t.Errorf("the log %+v; want the draw at the bell", now.Log)
	}
	if code, body, _ := org.request("GET", base+"/export", ""); code != http.StatusOK || !strings.Contains(body, `"match_format": "bell"`) {
		t.Errorf("the export: %d %s; want its match format, bell", code, body)
	}
}

// strikeOnce plays a table's moves until one stroke is played, and
// answers the state then, the next to strike to act.
func strikeOnce(cs [2]*conn, rng *rand.Rand) *protocol.GameState {
	struck := false
	for {
		st := cs[0].untilMine(0, 1)
		if st.ToAct.Need == "strike" && struck {
			return st
		}
		struck = struck || st.ToAct.Need == "strike"
		cs[st.ToAct.Seat].send(myMove(st, rng))
		cs[0].next("event")
	}
}

// TestTournamentBellAfterRestart: the bell's wait survives a restart of
// the server: the round's clock still ends its online tables at its end.
func TestTournamentBellAfterRestart(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	org := e.player()
	csrf := signUp(t, org, "org")
	names := []string{"ann", "bob"}
	players, csrfs := map[string]*player{}, map[string]string{}
	for _, n := range names {
		p := e.player()
		players[n], csrfs[n] = p, signUp(t, p, n)
	}
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Timed","rounds":1,"format":"bell"}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for i, n := range names {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	m := organise(t, org, csrf, base+"/rounds/1/online", `{}`, http.StatusOK).Paired[0].Matches[0]
	organise(t, org, csrf, base+"/rounds/1/clock", `{"minutes":10,"warning":0}`, http.StatusOK)
	var cs [2]*conn
	for seat, n := range names {
		cs[seat] = players[n].connect(m.Table, 0)
		cs[seat].next("welcome")
		cs[seat].send(sitWith(seat, "", csrfs[n]))
		if w := cs[seat].next("welcome", "error"); len(w.Seats) != 1 {
			t.Fatalf("%s takes the kept seat %d: %s", n, seat, w.Raw)
		}
	}
	strikeOnce(cs, rand.New(rand.NewPCG(3, 4)))
	e.clock.Advance(5 * time.Minute)
	e.close()

	later := newFakeClock()
	later.now = e.clock.Now()
	e2 := newEnvAt(t, dir, later)
	org.Base = e2.http.URL
	var now tview
	if org.get(base, &now); now.Paired[0].Matches[0].Score != nil {
		t.Fatalf("5 minutes before the bell, a restart between: %+v; want no result yet", now.Paired[0].Matches[0])
	}
	later.Advance(5*time.Minute + time.Second)
	eventually(t, "the table ended at the bell after a restart", func() bool {
		org.get(base, &now)
		return now.Paired[0].Matches[0].Score != nil
	})
	if got := now.Paired[0].Matches[0]; *got.Score != [2]int{0, 0} || got.Source != "online" {
		t.Errorf("the level table at the bell, a restart between: %+v %v; want a draw 0-0, online", got, *got.Score)
	}
}
