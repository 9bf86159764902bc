package server_test

import (
	"fmt"
	"net/http"
	"testing"
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
