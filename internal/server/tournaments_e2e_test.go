package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/tourney"
)

// fview is a tournament's view with how it finishes: its finals and its
// final ranking with prizes.
type fview struct {
	tview
	Players []struct {
		Num    int
		Name   string
		Rating int
	}
	Paired []struct {
		Round   int
		Final   int
		Matches []fmatch
	}
	Finals struct {
		Places int
		BestOf int `json:"best_of"`
		Prizes string
		Next   string
	}
	Ranking []struct {
		Place, Num  int
		Name, Prize string
	}
}

// fmatch is a match of fview.
type fmatch struct {
	Board  int
	A, B   int
	AName  string `json:"a_name"`
	BName  string `json:"b_name"`
	Score  *[2]int
	Source string
	Table  string
	Sheet  string
}

func jsonInto(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// event is a tournament played over a real server, with what the test
// played: the ledger of each match's result, by round and board.
type event struct {
	t       *testing.T
	e       *env
	org     *player
	csrf    string
	base    string
	players map[string]*player // the accounts, by name
	csrfs   map[string]string
	ledger  map[[2]int][2]int
	sources map[string]int
}

func (ev *event) view() fview {
	ev.t.Helper()
	var v fview
	if code := ev.org.get(ev.base, &v); code != http.StatusOK {
		ev.t.Fatalf("GET %s: %d", ev.base, code)
	}
	return v
}

// online plays the matches of round r between two accounts at their
// online tables: both sit, and the seat loser(board) concedes the match
// when it is to strike, after strokes strokes at least (one makes it no
// abort, 10 make a match rated). It returns the tables played.
func (ev *event) online(r int, strokes int, loser func(board int) int) []string {
	t := ev.t
	t.Helper()
	v := ev.view()
	waiting := slices.ContainsFunc(v.Paired[r-1].Matches, func(m fmatch) bool {
		return m.Score == nil && ev.players[m.AName] != nil && ev.players[m.BName] != nil
	})
	if !waiting {
		return nil
	}
	organise(t, ev.org, ev.csrf, fmt.Sprintf("%s/rounds/%d/online", ev.base, r), `{}`, http.StatusOK)
	v = ev.view()
	var tables []string
	for _, m := range v.Paired[r-1].Matches {
		if m.Table == "" || m.Score != nil {
			continue
		}
		tables = append(tables, m.Table)
		names := [2]string{m.AName, m.BName}
		var cs [2]*conn
		for seat, n := range names {
			cs[seat] = ev.players[n].connect(m.Table, 0)
			cs[seat].next("welcome")
		}
		for seat, n := range names {
			cs[seat].send(sitWith(seat, "", ev.csrfs[n]))
			if w := cs[seat].next("welcome", "error"); len(w.Seats) != 1 {
				t.Fatalf("%s takes the kept seat %d of round %d, board %d: %s", n, seat, r, m.Board, w.Raw)
			}
		}
		lose := loser(m.Board)
		rng := rand.New(rand.NewPCG(uint64(r), uint64(m.Board)))
		for n := 0; ; {
			st := cs[0].untilMine(0, 1)
			if st.Over {
				t.Fatalf("round %d, board %d ended before a concession", r, m.Board)
			}
			if st.ToAct.Need == "strike" {
				if n >= strokes && st.ToAct.Seat == lose {
					cs[lose].send(protocol.Concede("match"))
					break
				}
				n++
			}
			cs[st.ToAct.Seat].send(myMove(st, rng))
			cs[0].next("event")
		}
		score := [2]int{1, 0}
		if lose == 0 {
			score = [2]int{0, 1}
		}
		ev.ledger[[2]int{r, m.Board}] = score
		ev.sources["online"]++
	}
	ev.await(r, "online")
	return tables
}

// sheets opens the scoresheets of round r's matches still waiting and
// writes each to its end: the second player concedes the first game and
// the match, 1-0.
func (ev *event) sheets(r int) {
	t := ev.t
	t.Helper()
	v := ev.view()
	if !slices.ContainsFunc(v.Paired[r-1].Matches, func(m fmatch) bool {
		return m.Score == nil && m.Table == ""
	}) {
		return
	}
	organise(t, ev.org, ev.csrf, fmt.Sprintf("%s/rounds/%d/sheets", ev.base, r), `{}`, http.StatusOK)
	for _, m := range ev.view().Paired[r-1].Matches {
		if m.Sheet == "" || m.Score != nil {
			continue
		}
		for i, op := range []string{`"line": {"concede": "board"}`, `"sign": 1`, `"line": {"concede": "match"}`} {
			code, body, _ := ev.org.request("POST", "/api/umpire/"+m.Sheet+"/entries", fmt.Sprintf(`{"seq": %d, %s}`, i+1, op), "X-CSRF-Token", ev.csrf)
			if code != http.StatusOK {
				t.Fatalf("round %d, board %d, sheet entry %d: %d %s", r, m.Board, i+1, code, body)
			}
		}
		ev.ledger[[2]int{r, m.Board}] = [2]int{1, 0}
		ev.sources["sheet"]++
	}
	ev.await(r, "sheet")
}

// typed enters round r's board b by hand.
func (ev *event) typed(r, b int, score [2]int) {
	ev.t.Helper()
	organise(ev.t, ev.org, ev.csrf, fmt.Sprintf("%s/rounds/%d/boards/%d", ev.base, r, b), fmt.Sprintf(`{"score":[%d,%d]}`, score[0], score[1]), http.StatusOK)
	ev.ledger[[2]int{r, b}] = score
	ev.sources["hand"]++
}

// await waits until every match of round r the ledger holds has its
// result from source entered (a table's comes off the table's goroutine).
func (ev *event) await(r int, source string) {
	ev.t.Helper()
	eventually(ev.t, fmt.Sprintf("round %d's %s results entered", r, source), func() bool {
		for _, m := range ev.view().Paired[r-1].Matches {
			if _, ok := ev.ledger[[2]int{r, m.Board}]; ok && m.Score == nil {
				return false
			}
		}
		return true
	})
}

// TestTournamentEndToEnd plays a 12-player, 5-round Swiss with finals on a
// real server, as issue #28 asks: 8 accounts and 4 guests; the matches of
// two accounts of rounds 1, 3 and 5 on online tables (those of round 1
// played past the strokes that make them rated), the others on umpires'
// scoresheets, one typed by hand; then finals of 4 places, best of three,
// paired from the standings and played the same ways. The view's results
// (the crosstable's cells), standings, final ranking and prizes equal a
// recount from what the test played, and the export's; the rated online
// matches moved their players' ratings. The export imports with its
// finals and prizes, and both tournaments make a championship whose
// ranking is package tourney's.
func TestTournamentEndToEnd(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ev := &event{t: t, e: e, org: e.player(), players: map[string]*player{}, csrfs: map[string]string{}, ledger: map[[2]int][2]int{}, sources: map[string]int{}}
	ev.csrf = signUp(t, ev.org, "org")
	accounts := []string{"ann", "bob", "cyd", "dee", "eva", "fay", "gus", "hal"}
	guests := []string{"Ida", "Jon", "Kim", "Lou"}
	for _, n := range accounts {
		p := e.player()
		ev.players[n], ev.csrfs[n] = p, signUp(t, p, n)
	}
	v := organise(t, ev.org, ev.csrf, "/api/tournaments", `{"name":"Autumn open","rounds":5,"method":"dutch","phantom_score":2}`, http.StatusCreated)
	ev.base = "/api/tournaments/" + v.ID
	for i, n := range accounts {
		organise(t, ev.org, ev.csrf, ev.base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1900-40*i), http.StatusCreated)
	}
	for i, n := range guests {
		organise(t, ev.org, ev.csrf, ev.base+"/players", fmt.Sprintf(`{"name":%q,"club":"Roma","rating":%d}`, n, 1700-40*i), http.StatusCreated)
	}

	// Finals and prizes: bad choices refused in words, nothing changed.
	for _, c := range []struct{ body, words string }{
		{`{"places":3}`, "places 3"},
		{`{"places":2,"best_of":2}`, "best_of 2"},
		{`{"prizes":"gold"}`, `unknown prize method "gold"`},
		{`{"places":2,"colour":"red"}`, `"colour"`},
	} {
		code, body, _ := ev.org.request("POST", ev.base+"/finals", c.body, "X-CSRF-Token", ev.csrf)
		if body = errorOf(body); code != http.StatusBadRequest || !strings.Contains(body, c.words) {
			t.Errorf("finals %s: %d %s; want 400 saying %q", c.body, code, body, c.words)
		}
	}
	if code, _, _ := ev.players["ann"].request("POST", ev.base+"/finals", `{"places":2}`, "X-CSRF-Token", ev.csrfs["ann"]); code != http.StatusForbidden {
		t.Errorf("finals chosen by a player: %d; want 403", code)
	}
	organise(t, ev.org, ev.csrf, ev.base+"/finals", `{"places":4,"best_of":3,"prizes":"fixed"}`, http.StatusOK)
	if code, body, _ := ev.org.request("POST", ev.base+"/finals/rounds", `{}`, "X-CSRF-Token", ev.csrf); code != http.StatusConflict || !strings.Contains(errorOf(body), "follow the 5 rounds") {
		t.Errorf("finals paired before the Swiss: %d %s; want 409", code, body)
	}

	var rated []string
	for r := 1; r <= 5; r++ {
		organise(t, ev.org, ev.csrf, ev.base+"/rounds", `{}`, http.StatusCreated)
		if r == 2 {
			ev.typed(2, 3, [2]int{25, 11})
		}
		if r%2 == 1 {
			// A stroke at least: a rated match conceded before its
			// first is aborted and enters no result (docs/accounts.md).
			strokes := 1
			if r == 1 {
				strokes = 10
			}
			tables := ev.online(r, strokes, func(board int) int { return (r + board) % 2 })
			if r == 1 {
				rated = tables
			}
		}
		ev.sheets(r)
	}
	if len(rated) == 0 || ev.sources["hand"] != 1 || ev.sources["sheet"] == 0 {
		t.Fatalf("the Swiss was played %v, %d rated tables; want some online, some on sheets, one typed", ev.sources, len(rated))
	}
	if code, body, _ := ev.org.request("POST", ev.base+"/rounds", `{}`, "X-CSRF-Token", ev.csrf); code != http.StatusConflict {
		t.Errorf("a 6th Swiss round: %d %s; want 409", code, body)
	}

	// The finals: each finals round pairs the finals not decided, played
	// online between accounts (the better placed losing the first and the
	// third, so winning the second), on a
	// sheet otherwise; a draw is refused.
	for f := 1; ; f++ {
		fv := ev.view()
		if fv.Finals.Next != "" {
			if f < 3 || !strings.Contains(fv.Finals.Next, "decided") {
				t.Fatalf("finals round %d: %q", f, fv.Finals.Next)
			}
			break
		}
		if f > 3 {
			t.Fatalf("a finals round %d of best of three", f)
		}
		organise(t, ev.org, ev.csrf, ev.base+"/finals/rounds", `{}`, http.StatusCreated)
		r := 5 + f
		fv = ev.view()
		if len(fv.Paired) != r || fv.Paired[r-1].Final != f {
			t.Fatalf("finals round %d: %+v", f, fv.Paired[len(fv.Paired)-1])
		}
		if f == 1 {
			code, body, _ := ev.org.request("POST", fmt.Sprintf("%s/rounds/%d/boards/1", ev.base, r), `{"score":[3,3]}`, "X-CSRF-Token", ev.csrf)
			if code != http.StatusBadRequest || !strings.Contains(errorOf(body), "a final have a winner") {
				t.Errorf("a final drawn: %d %s; want 400", code, body)
			}
		}
		ev.online(r, 1, func(int) int { return map[bool]int{true: 0, false: 1}[f != 2] })
		ev.sheets(r)
	}

	fv := ev.view()
	// The first final went to three matches, its second player winning
	// two: the final ranking's first two are the standings' swapped.
	if len(fv.Paired) != 8 || fv.Ranking[0].Num != fv.Standings[1].Num || fv.Ranking[1].Num != fv.Standings[0].Num {
		t.Errorf("%d rounds played; final ranking %+v after the standings %+v; want 3 finals rounds, the first two places swapped", len(fv.Paired), fv.Ranking[:2], fv.Standings[:2])
	}
	ev.recount(fv, len(accounts)+len(guests))
	for _, table := range rated {
		var players []string
		for _, m := range fv.Paired[0].Matches {
			if m.Table == table {
				players = []string{m.AName, m.BName}
			}
		}
		for _, n := range players {
			eventually(t, n+"'s rating moved by the tournament's table "+table, func() bool {
				var prof struct {
					Matches []struct {
						ID     string
						Rated  bool
						Change *struct{ Delta float64 }
					}
				}
				ev.players[n].get("/api/players/"+n, &prof)
				return slices.ContainsFunc(prof.Matches, func(m struct {
					ID     string
					Rated  bool
					Change *struct{ Delta float64 }
				}) bool {
					return m.ID == table && m.Rated && m.Change != nil && m.Change.Delta != 0
				})
			})
		}
	}
	ev.championship(v.ID, fv)
}

// recount checks the view against what the test played: each match's
// result (the crosstable's cells), the standings after the Swiss, the
// ranking after the finals and its prizes, by package tourney on the
// test's own ledger, and the same again on the export.
func (ev *event) recount(v fview, players int) {
	t := ev.t
	t.Helper()
	names, ratings := map[int]string{}, map[int]int{}
	for _, p := range v.Players {
		names[p.Num], ratings[p.Num] = p.Name, p.Rating
	}
	f := &tourney.File{Name: "Autumn open", Prizes: tourney.Fixed}
	f.System, f.Options.Method, f.Points, f.PhantomScore = "swiss", tourney.Dutch, tourney.DefaultPoints, 2
	for n := 1; n <= players; n++ {
		f.Players = append(f.Players, tourney.Player{ID: names[n], Rating: float64(ratings[n])})
	}
	f.Finals = &tourney.Finals{Places: 4, BestOf: 3}
	points := map[string]int{}
	for _, r := range v.Paired {
		var round tourney.Round
		for _, m := range r.Matches {
			want, ok := ev.ledger[[2]int{r.Round, m.Board}]
			if !ok || m.Score == nil || *m.Score != want {
				t.Errorf("round %d, board %d (%s v %s): %v %s; the test played %v", r.Round, m.Board, m.AName, m.BName, m.Score, m.Source, want)
				continue
			}
			round.Matches = append(round.Matches, tourney.Match{A: m.AName, B: m.BName, Score: want, Board: m.Board})
			if r.Final == 0 {
				points[m.AName] += 2 * btoi(want[0] > want[1])
				points[m.BName] += 2 * btoi(want[1] > want[0])
			}
		}
		if r.Final == 0 {
			f.Rounds = append(f.Rounds, round)
		} else {
			f.FinalsRounds = append(f.FinalsRounds, round)
		}
	}
	if len(f.Rounds) != 5 || len(f.FinalsRounds) < 2 {
		t.Fatalf("%d rounds and %d finals rounds played; want 5 and 2 or 3", len(f.Rounds), len(f.FinalsRounds))
	}
	st := tourney.Standings(&f.Tournament, tourney.NoAdjustment)
	if len(v.Standings) != len(st) {
		t.Fatalf("%d standings; want %d", len(v.Standings), len(st))
	}
	for i, s := range st {
		got := v.Standings[i]
		if got.Name != s.ID || got.Points != s.Points || got.Points != points[s.ID] || got.Buchholz != s.Buchholz || got.Net != s.Net || got.Total != s.Total {
			t.Errorf("standing %d: %+v; the recount has %+v (%d points)", i+1, got, s, points[s.ID])
		}
	}
	ranking, err := f.Ranking()
	if err != nil {
		t.Fatal(err)
	}
	prizes, _ := tourney.Prizes(tourney.Fixed, len(ranking))
	for i, id := range ranking {
		if got := v.Ranking[i]; got.Place != i+1 || got.Name != id || got.Prize != prizes[i].String() {
			t.Errorf("final place %d: %+v; the recount has %s with prize %s", i+1, got, id, prizes[i])
		}
	}
	if prizes[0].String() != "18" || v.Ranking[11].Prize != "5" {
		t.Errorf("the fixed prizes: first %s, twelfth %s; want 18 and 5", prizes[0], v.Ranking[11].Prize)
	}
	// The export tells the same tournament: its report (standings,
	// ranking with prizes, crosstable) is the recount's.
	code, body, _ := ev.org.request("GET", ev.base+"/export", "")
	if code != http.StatusOK {
		t.Fatalf("export: %d %s", code, body)
	}
	exported, err := tourney.ParseFile(strings.NewReader(body))
	if err != nil {
		t.Fatalf("the export: %v\n%s", err, body)
	}
	var want, got bytes.Buffer
	if err := f.Report(&want); err != nil {
		t.Fatal(err)
	}
	if err := exported.Report(&got); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("the export's report:\n%s\nthe recount's:\n%s", got.String(), want.String())
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// championship imports the export of tournament id as a second
// tournament (its finals and prizes kept), groups both in a championship
// that skips each player's worst result, and checks its public ranking
// against package tourney's; bad input is refused in words.
func (ev *event) championship(id string, v fview) {
	t := ev.t
	t.Helper()
	_, body, _ := ev.org.request("GET", ev.base+"/export", "")
	code, answer, _ := ev.org.request("POST", "/api/tournaments/import", body, "X-CSRF-Token", ev.csrf)
	var second fview
	if code != http.StatusCreated || jsonInto(answer, &second) != nil {
		t.Fatalf("import of the export: %d %s", code, answer)
	}
	if second.Finals.Places != 4 || second.Finals.BestOf != 3 || second.Finals.Prizes != "fixed" || len(second.Paired) != len(v.Paired) {
		t.Errorf("the imported tournament finishes %+v with %d rounds; want the export's finals, prizes and %d rounds", second.Finals, len(second.Paired), len(v.Paired))
	}
	for i := range v.Ranking {
		if second.Ranking[i].Name != v.Ranking[i].Name || second.Ranking[i].Prize != v.Ranking[i].Prize {
			t.Errorf("imported place %d: %+v; want %+v", i+1, second.Ranking[i], v.Ranking[i])
		}
	}
	// A third tournament, not over: listed, not counted.
	third := organise(t, ev.org, ev.csrf, "/api/tournaments", `{"name":"Winter open","rounds":1}`, http.StatusCreated)

	for _, c := range []struct {
		body  string
		code  int
		words string
	}{
		{`{"name":"Tour","prizes":"none"}`, http.StatusBadRequest, `prizes "none"`},
		{`{"name":"Tour","prizes":"fixed","skip_worst":-1}`, http.StatusBadRequest, "skip_worst: -1"},
		{`{"prizes":"fixed"}`, http.StatusBadRequest, "name: missing"},
		{`{"name":"Tour","prizes":"fixed","tournaments":["nope"]}`, http.StatusBadRequest, `no tournament "nope"`},
		{fmt.Sprintf(`{"name":"Tour","prizes":"fixed","tournaments":[%q,%q]}`, id, id), http.StatusBadRequest, "given twice"},
	} {
		code, body, _ := ev.org.request("POST", "/api/championships", c.body, "X-CSRF-Token", ev.csrf)
		if body = errorOf(body); code != c.code || !strings.Contains(body, c.words) {
			t.Errorf("championship %s: %d %s; want %d saying %q", c.body, code, body, c.code, c.words)
		}
	}
	if code, body, _ := ev.players["ann"].request("POST", "/api/championships", fmt.Sprintf(`{"name":"Mine","prizes":"fixed","tournaments":[%q]}`, id), "X-CSRF-Token", ev.csrfs["ann"]); code != http.StatusForbidden {
		t.Errorf("a championship of another's tournament: %d %s; want 403", code, body)
	}
	type line struct {
		Rank    int
		Name    string
		Prizes  []string
		Skipped []bool
		Total   string
		Played  int
	}
	var cv struct {
		ID          string
		Mine        bool
		Tournaments []struct {
			ID      string
			Counted bool
		}
		Ranking []line
	}
	code, answer, _ = ev.org.request("POST", "/api/championships", fmt.Sprintf(`{"name":"Club tour","prizes":"fixed","skip_worst":1,"tournaments":[%q,%q]}`, id, second.ID), "X-CSRF-Token", ev.csrf)
	if code != http.StatusCreated || jsonInto(answer, &cv) != nil {
		t.Fatalf("the championship: %d %s", code, answer)
	}
	organiseChampionship := func(body string, want int) {
		t.Helper()
		if code, answer, _ := ev.org.request("POST", "/api/championships/"+cv.ID+"/tournaments", body, "X-CSRF-Token", ev.csrf); code != want {
			t.Errorf("adding %s: %d %s; want %d", body, code, answer, want)
		}
	}
	organiseChampionship(fmt.Sprintf(`{"tournament":%q}`, third.ID), http.StatusOK)
	organiseChampionship(fmt.Sprintf(`{"tournament":%q}`, id), http.StatusConflict)
	anon := ev.e.player()
	if code, body, _ := anon.request("GET", "/api/championships/000000000000", ""); code != http.StatusNotFound || errorOf(body) != "no such championship" {
		t.Errorf("an unknown championship: %d %s; want 404", code, body)
	}
	if code, body, _ := ev.players["ann"].request("POST", "/api/championships/"+cv.ID+"/tournaments", fmt.Sprintf(`{"tournament":%q}`, third.ID), "X-CSRF-Token", ev.csrfs["ann"]); code != http.StatusForbidden {
		t.Errorf("a tournament added by another: %d %s; want 403", code, body)
	}
	if code, body, _ := anon.request("POST", "/api/championships", `{"name":"Tour","prizes":"fixed"}`); code != http.StatusUnauthorized {
		t.Errorf("a championship by a browser not signed in: %d %s; want 401", code, body)
	}
	if code := anon.get("/api/championships/"+cv.ID, &cv); code != http.StatusOK || cv.Mine {
		t.Fatalf("the championship's public page: %d %+v", code, cv)
	}
	if len(cv.Tournaments) != 3 || !cv.Tournaments[0].Counted || !cv.Tournaments[1].Counted || cv.Tournaments[2].Counted {
		t.Errorf("the championship's tournaments: %+v; want the two over counted, the third not", cv.Tournaments)
	}
	var ranking []string
	for _, r := range v.Ranking {
		ranking = append(ranking, r.Name)
	}
	want, err := tourney.ChampionshipRanking(&tourney.Championship{Method: tourney.Fixed, SkipWorst: 1,
		Tournaments: []tourney.Result{{Name: "a", Ranking: ranking}, {Name: "b", Ranking: ranking}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(cv.Ranking) != len(want) {
		t.Fatalf("the championship ranks %d; want %d", len(cv.Ranking), len(want))
	}
	for i, w := range want {
		got := cv.Ranking[i]
		if got.Rank != w.Rank || got.Name != w.ID || got.Total != w.Total.String() || got.Played != 2 || got.Prizes[0] != w.Prizes[0].String() ||
			got.Skipped[0] != w.Skipped[0] || got.Skipped[1] != w.Skipped[1] || got.Prizes[2] != "" {
			t.Errorf("championship line %d: %+v; want %+v", i+1, got, w)
		}
	}
	// The champion won the first place twice, one of them skipped.
	if cv.Ranking[0].Name != v.Ranking[0].Name || cv.Ranking[0].Total != "18" {
		t.Errorf("the champion: %+v; want %s with 18 (36 less the worst 18)", cv.Ranking[0], v.Ranking[0].Name)
	}
	var mine []struct{ ID string }
	if code := ev.org.get("/api/championships", &mine); code != http.StatusOK || len(mine) != 1 || mine[0].ID != cv.ID {
		t.Errorf("the organiser's championships: %d %+v", code, mine)
	}
}
