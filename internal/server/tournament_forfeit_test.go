package server_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/tourney"
)

// TestTournamentFinalistWithdrawn: a finalist who withdraws once the
// finals are paired forfeits his final, even one he was winning: his
// opponent wins it, the finals still rank the first places, his match
// waits for no result, the other final is paired and played on, and the
// final ranking is the one "carrom tourney pair" gives on the
// tournament's own input.
func TestTournamentFinalistWithdrawn(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org := e.player()
	csrf := signUp(t, org, "org")
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Forfeit open","rounds":1,"method":"serial"}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for i, n := range []string{"Ann", "Bob", "Cyd", "Dee", "Eve", "Flo"} {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"name":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/finals", `{"places":4,"best_of":3,"prizes":"fixed"}`, http.StatusOK)
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	ev := &event{t: t, e: e, org: org, csrf: csrf, base: base, ledger: map[[2]int][2]int{}, sources: map[string]int{}}
	for _, m := range ev.view().Paired[0].Matches {
		ev.typed(1, m.Board, [2]int{25, 10 + m.Board})
	}
	seeds := ev.view().Ranking
	first, second, third, fourth := seeds[0].Num, seeds[1].Num, seeds[2].Num, seeds[3].Num

	// Finals round 1: the 2nd beats the 1st, the 3rd the 4th.
	organise(t, org, csrf, base+"/finals/rounds", `{}`, http.StatusCreated)
	ev.typed(2, 1, [2]int{10, 25})
	ev.typed(2, 2, [2]int{25, 10})
	// Finals round 2 is paired; the 2nd, one win up, withdraws before
	// his match, and the 4th beats the 3rd.
	organise(t, org, csrf, base+"/finals/rounds", `{}`, http.StatusCreated)
	organise(t, org, csrf, fmt.Sprintf("%s/players/%d", base, second), `{"withdrawn":true}`, http.StatusOK)
	ev.typed(3, 2, [2]int{10, 25})
	fv := ev.view()
	// The 1st v 2nd of round 2 stays unplayed, and says why.
	if m := fv.Paired[len(fv.Paired)-1].Matches[0]; m.Board != 1 || m.Score != nil || m.Source != "withdrawn" {
		t.Errorf("the final the 2nd left: %+v; want board 1 unplayed, source withdrawn", m)
	}
	places := func(fv fview) []int {
		var out []int
		for _, r := range fv.Ranking {
			out = append(out, r.Num)
		}
		return out[:4]
	}
	if got, want := places(fv), []int{first, second, third, fourth}; !slices.Equal(got, want) || fv.Finals.Next != "" {
		t.Fatalf("the ranking after the 2nd withdrew: %v, next %q; want %v (the 1st wins the final by forfeit, the 3rd v 4th at one all), the next finals round to pair", got, fv.Finals.Next, want)
	}
	if fv.Ranking[0].Prize != "18" || fv.Ranking[1].Prize != "16" {
		t.Errorf("the prizes of the 1st and 2nd places: %+v", fv.Ranking[:2])
	}

	// Finals round 3: the 3rd v 4th alone, on its board.
	organise(t, org, csrf, base+"/finals/rounds", `{}`, http.StatusCreated)
	fv = ev.view()
	if last := fv.Paired[len(fv.Paired)-1]; last.Final != 3 || len(last.Matches) != 1 || last.Matches[0].Board != 2 || last.Matches[0].A != third {
		t.Fatalf("finals round 3: %+v; want the 3rd v the 4th alone, on board 2", last)
	}
	ev.typed(4, 2, [2]int{25, 20})
	fv = ev.view()
	if got, want := places(fv), []int{first, second, third, fourth}; !slices.Equal(got, want) || !strings.Contains(fv.Finals.Next, "decided") {
		t.Errorf("the final ranking: %v, next %q; want %v, the finals decided", got, fv.Finals.Next, want)
	}

	_, body, _ := org.request("GET", base+"/pair", "")
	req, err := tourney.DecodeRequest(strings.NewReader(body))
	if err != nil {
		t.Fatalf("GET …/pair: %v\n%s", err, body)
	}
	ans, err := tourney.Pair(req)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, r := range fv.Ranking {
		all = append(all, fmt.Sprintf("p%d", r.Num))
	}
	if !slices.Equal(ans.FinalRanking, all) || len(ans.Matches) != 0 {
		t.Errorf("carrom tourney pair's final ranking %v, matches %v; want the page's %v, none", ans.FinalRanking, ans.Matches, all)
	}
}
