package server_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/tourney"
)

// pairsOf are a round's pairs as "a-b" of entry numbers, the lower first,
// sorted: a pairing whatever its boards.
func pairsOf(v tview, round int) []string {
	var out []string
	for _, m := range v.Paired[round-1].Matches {
		out = append(out, fmt.Sprintf("%d-%d", min(m.A, m.B), max(m.A, m.B)))
	}
	slices.Sort(out)
	return out
}

// serverPairs are the pairs "carrom tourney pair" answers on a
// tournament's own input (GET …/pair), as pairsOf writes them.
func serverPairs(t *testing.T, p *player, id string) []string {
	t.Helper()
	code, body, _ := p.request("GET", "/api/tournaments/"+id+"/pair", "")
	req, err := tourney.DecodeRequest(strings.NewReader(body))
	if code != http.StatusOK || err != nil {
		t.Fatalf("GET …/pair: %d %s: %v", code, body, err)
	}
	ans, err := tourney.Pair(req)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range ans.Matches {
		var a, b int
		fmt.Sscanf(m.A, "p%d", &a)
		if m.B != nil {
			fmt.Sscanf(*m.B, "p%d", &b)
		}
		out = append(out, fmt.Sprintf("%d-%d", min(a, b), max(a, b)))
	}
	slices.Sort(out)
	return out
}

// TestTournamentSwissOptions creates Swiss tournaments with the pairing
// options on a real server: avoid_clubmates keeps the clubmates of round
// 1 apart where the plain Swiss pairs them, delay_top pairs round 2's
// winners by rating rather than by net score, each as "carrom tourney
// pair" answers on the tournament's own input; the options are shown,
// exported and imported, and bad ones refused in words.
func TestTournamentSwissOptions(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org := e.player()
	csrf := signUp(t, org, "org")
	create := func(options string, players []string) tview {
		t.Helper()
		v := organise(t, org, csrf, "/api/tournaments", `{"name":"Open","rounds":3,"method":"serial"`+options+`}`, http.StatusCreated)
		for _, p := range players {
			v = organise(t, org, csrf, "/api/tournaments/"+v.ID+"/players", p, http.StatusCreated)
		}
		return v
	}

	// Two clubs of two: serial pairs 1st v 2nd and 3rd v 4th, clubmates.
	clubs := []string{`{"name":"Ann","club":"Milano","rating":1800}`, `{"name":"Bob","club":"Milano","rating":1700}`,
		`{"name":"Cy","club":"Roma","rating":1600}`, `{"name":"Di","club":"Roma","rating":1500}`}
	plain := create("", clubs)
	plain = organise(t, org, csrf, "/api/tournaments/"+plain.ID+"/rounds", `{}`, http.StatusCreated)
	if got, want := pairsOf(plain, 1), []string{"1-2", "3-4"}; !slices.Equal(got, want) {
		t.Fatalf("the plain Swiss's round 1: %v; want the clubmates %v", got, want)
	}
	avoid := create(`,"avoid_clubmates":1`, clubs)
	want := serverPairs(t, org, avoid.ID)
	avoid = organise(t, org, csrf, "/api/tournaments/"+avoid.ID+"/rounds", `{}`, http.StatusCreated)
	if got := pairsOf(avoid, 1); !slices.Equal(got, []string{"1-3", "2-4"}) || !slices.Equal(got, want) {
		t.Errorf("round 1 avoiding clubmates: %v; want 1-3, 2-4, as carrom tourney pair's %v", got, want)
	}

	// delay_top 1: after round 1, the winners Bob (won 25-24), Cy (25-0)
	// and Ed (25-10) are ordered by rating, not by net score.
	six := []string{`{"name":"Ann","rating":1800}`, `{"name":"Bob","rating":1700}`, `{"name":"Cy","rating":1600}`,
		`{"name":"Di","rating":1500}`, `{"name":"Ed","rating":1400}`, `{"name":"Flo","rating":1300}`}
	round2 := func(options string) ([]string, tview) {
		v := create(options, six)
		base := "/api/tournaments/" + v.ID
		v = organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
		scores := map[int]string{1: `[24,25]`, 3: `[25,0]`, 5: `[25,10]`}
		for _, m := range v.Paired[0].Matches {
			v = organise(t, org, csrf, fmt.Sprintf("%s/rounds/1/boards/%d", base, m.Board), `{"score":`+scores[m.A]+`}`, http.StatusOK)
		}
		want := serverPairs(t, org, v.ID)
		v = organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
		if got := pairsOf(v, 2); !slices.Equal(got, want) {
			t.Errorf("round 2 with options %q: %v; carrom tourney pair's %v", options, got, want)
		}
		return pairsOf(v, 2), v
	}
	if got, _ := round2(""); !slices.Equal(got, []string{"1-4", "2-6", "3-5"}) {
		t.Errorf("the plain Swiss's round 2: %v; want Cy v Ed, the best net scores, first", got)
	}
	got, delayed := round2(`,"delay_top":1`)
	if !slices.Equal(got, []string{"1-5", "2-3", "4-6"}) {
		t.Errorf("round 2 delaying the top players: %v; want Bob v Cy, the best rated winners, first", got)
	}

	// The export carries the options, and its import keeps them.
	_, export, _ := org.request("GET", "/api/tournaments/"+delayed.ID+"/export", "")
	if !strings.Contains(export, `"delay_top": 1`) {
		t.Errorf("the export of a tournament with delay_top 1:\n%s", export)
	}
	imp := organise(t, org, csrf, "/api/tournaments/import", export, http.StatusCreated)
	type options struct {
		DelayTop         int `json:"delay_top"`
		AvoidCompatriots int `json:"avoid_compatriots"`
		AvoidClubmates   int `json:"avoid_clubmates"`
	}
	for id, want := range map[string]options{avoid.ID: {AvoidClubmates: 1}, imp.ID: {DelayTop: 1}} {
		var got options
		if code := org.get("/api/tournaments/"+id, &got); code != http.StatusOK || got != want {
			t.Errorf("the options of tournament %s: %d %+v; want %+v", id, code, got, want)
		}
	}

	for _, c := range []struct{ body, words string }{
		{`{"name":"Open","rounds":3,"delay_top":-1}`, "delay_top: -1; want 0 (none) to 30 rounds"},
		{`{"name":"Open","rounds":3,"avoid_compatriots":31}`, "avoid_compatriots: 31; want 0 (none) to 30 rounds"},
		{`{"name":"Open","rounds":3,"system":"roundrobin","avoid_clubmates":1}`, "avoid_clubmates is an option of a swiss, not of a roundrobin"},
	} {
		code, body, _ := org.request("POST", "/api/tournaments", c.body, "X-CSRF-Token", csrf)
		if body = errorOf(body); code != http.StatusBadRequest || body != c.words {
			t.Errorf("POST /api/tournaments %s: %d %s; want 400 saying %q", c.body, code, body, c.words)
		}
	}
}
