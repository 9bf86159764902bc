package server_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/tourney"
)

// tview is the part of a tournament's view (GET /api/tournaments/{id})
// the tests read.
type tview struct {
	ID      string
	Mine    bool
	Players []struct {
		Num       int
		Name      string
		Account   bool
		Withdrawn bool
		Entered   int
	}
	Paired []struct {
		Round   int
		Matches []struct {
			Board  int
			A, B   int
			AName  string `json:"a_name"`
			BName  string `json:"b_name"`
			Score  *[2]int
			Source string
			Table  string
			Link   string
		}
	}
	Standings []struct {
		Rank, Num, Points, Buchholz, Net, Total int
		Name                                    string
	}
	Log []struct {
		Round  int
		Text   string
		Code   string
		Params map[string]any
	}
	Next       string
	NextCode   string         `json:"next_code"`
	NextParams map[string]any `json:"next_params"`
	Error      string
}

// errorOf is the words of an error answer, {"error": "…"}, or body.
func errorOf(body string) string {
	var e struct{ Error string }
	if json.Unmarshal([]byte(body), &e) == nil && e.Error != "" {
		return e.Error
	}
	return body
}

// organise sends a change as the organiser and decodes the view it
// answers with; want is the status expected.
func organise(t *testing.T, p *player, csrf, path, body string, want int) tview {
	t.Helper()
	code, data, _ := p.request("POST", path, body, "X-CSRF-Token", csrf)
	var v tview
	if err := json.Unmarshal([]byte(data), &v); err != nil || code != want {
		t.Fatalf("POST %s %s: %d %s; want %d", path, body, code, data, want)
	}
	return v
}

// TestTournamentOverHTTP runs a 5-player Swiss on a real server: created
// and organised by a signed-in account, refused to anyone else and with
// plain errors for bad input; the phantom scored at pairing; results
// typed by hand and marked so; a correction of a pairing before it starts,
// and a result typed over another, logged; a withdrawal; and the public
// view's standings and pairings equal to those of "carrom tourney pair" on
// the tournament's own input (GET …/pair), which anyone can check.
func TestTournamentOverHTTP(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org, eve, anon := e.player(), e.player(), e.player()
	csrf := signUp(t, org, "org")
	csrfE := signUp(t, eve, "eve")
	for _, name := range []string{"ann", "bob"} {
		signUp(t, e.player(), name)
	}

	if code, body, _ := anon.request("POST", "/api/tournaments", `{"name":"Open","rounds":3}`); code != http.StatusUnauthorized {
		t.Errorf("a tournament by a browser not signed in: %d %s; want 401", code, body)
	}
	for _, c := range []struct{ body, words string }{
		{`{"rounds":3}`, "name: missing"},
		{`{"name":"Open","rounds":0}`, "rounds: 0; want 1 to 30"},
		{`{"name":"Open","rounds":3,"system":"ladder"}`, `system "ladder"`},
		{`{"name":"Open","rounds":3,"method":"random"}`, `unknown method "random"`},
		{`{"name":"Open","rounds":3,"rules":"pool"}`, `rules "pool"`},
		{`{"name":"Open","rounds":3,"date":"1 May"}`, "YYYY-MM-DD"},
		{`{"name":"Open","rounds":3,"points":{"win":1,"draw":2,"loss":0}}`, "win ≥ draw"},
		{`{"name":"Open","rounds":3,"colour":"red"}`, `"colour"`},
		{`{"name":"` + strings.Repeat("x", 81) + `","rounds":3}`, "80 at most"},
	} {
		code, body, _ := org.request("POST", "/api/tournaments", c.body, "X-CSRF-Token", csrf)
		body = errorOf(body)
		if code != http.StatusBadRequest || !strings.Contains(body, c.words) || strings.Contains(body, "tournament:") {
			t.Errorf("POST /api/tournaments %s: %d %s; want 400 saying %q", c.body, code, body, c.words)
		}
	}
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Club open","date":"2026-05-01","place":"Milano","rounds":3,"method":"dutch"}`, http.StatusCreated)
	id := v.ID
	base := "/api/tournaments/" + id
	if !v.Mine || v.Next == "" {
		t.Errorf("the new tournament: %+v; want it the organiser's, not ready to pair", v)
	}
	var mine []struct{ ID, Name string }
	if code := org.get("/api/tournaments", &mine); code != http.StatusOK || len(mine) != 1 || mine[0].ID != id {
		t.Errorf("the organiser's tournaments: %d %+v", code, mine)
	}

	// Registration: accounts by name, guests; errors in words.
	for _, c := range []struct {
		body  string
		code  int
		words string
	}{
		{`{"account":"nobody"}`, http.StatusBadRequest, `no player is named "nobody"`},
		{`{"account":"ann","name":"Ann"}`, http.StatusBadRequest, "not both"},
		{`{"club":"Roma"}`, http.StatusBadRequest, "name: missing"},
		{`{"name":"Cy","rating":5000}`, http.StatusBadRequest, "rating: 5000"},
	} {
		code, body, _ := org.request("POST", base+"/players", c.body, "X-CSRF-Token", csrf)
		body = errorOf(body)
		if code != c.code || !strings.Contains(body, c.words) {
			t.Errorf("POST players %s: %d %s; want %d saying %q", c.body, code, body, c.code, c.words)
		}
	}
	if code, body, _ := eve.request("POST", base+"/players", `{"name":"Mallory"}`, "X-CSRF-Token", csrfE); code != http.StatusForbidden {
		t.Errorf("a player entered by another account: %d %s; want 403", code, body)
	}
	for _, body := range []string{`{"account":"ANN","club":"Milano","country":"IT","rating":1700}`, `{"account":"bob","rating":1650}`,
		`{"name":"Cy","club":"Roma","country":"IT","rating":1600}`, `{"name":"Dee","rating":1500}`, `{"name":"Eli"}`} {
		v = organise(t, org, csrf, base+"/players", body, http.StatusCreated)
	}
	if code, body, _ := org.request("POST", base+"/players", `{"account":"ann"}`, "X-CSRF-Token", csrf); code != http.StatusConflict || !strings.Contains(body, "entered already") {
		t.Errorf("ann entered twice: %d %s; want 409", code, body)
	}
	if len(v.Players) != 5 || v.Players[0].Name != "ann" || !v.Players[0].Account || v.Players[4].Account || v.Next != "" {
		t.Fatalf("the entrants: %+v, next %q", v.Players, v.Next)
	}

	// Round 1: what "carrom tourney pair" answers on the tournament's input.
	check := func(v tview) *tourney.Answer {
		t.Helper()
		code, body, _ := anon.request("GET", base+"/pair", "")
		req, err := tourney.DecodeRequest(strings.NewReader(body))
		if code != http.StatusOK || err != nil {
			t.Fatalf("GET %s/pair: %d %s: %v", base, code, body, err)
		}
		ans, err := tourney.Pair(req)
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Standings) != len(v.Standings) {
			t.Fatalf("standings %+v; carrom tourney pair's %+v", v.Standings, ans.Standings)
		}
		for i, s := range ans.Standings {
			got := v.Standings[i]
			if fmt.Sprintf("p%d", got.Num) != s.ID || got.Rank != s.Rank || got.Points != s.Points || got.Buchholz != s.Buchholz || got.Net != s.Net || got.Total != s.Total {
				t.Errorf("standing %d: %+v; carrom tourney pair's %+v", i+1, got, s)
			}
		}
		return ans
	}
	want := check(v)
	v = organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	samePairing := func(round int, ans *tourney.Answer) {
		t.Helper()
		got := v.Paired[round-1].Matches
		if len(got) != len(ans.Matches) {
			t.Fatalf("round %d: %+v; carrom tourney pair's %+v", round, got, ans.Matches)
		}
		for i, m := range ans.Matches {
			b := 0
			if m.B != nil {
				fmt.Sscanf(*m.B, "p%d", &b)
			}
			if g := got[i]; fmt.Sprintf("p%d", g.A) != m.A || g.B != b || g.Board != m.Board {
				t.Errorf("round %d board %d: %d v %d; carrom tourney pair's %s v %v", round, g.Board, g.A, g.B, m.A, m.B)
			}
		}
	}
	samePairing(1, want)
	r1 := v.Paired[0].Matches
	if ph := r1[len(r1)-1]; ph.B != 0 || ph.Score == nil || *ph.Score != [2]int{25, 0} || ph.Source != "phantom" {
		t.Errorf("the phantom's match: %+v; want on the last board, 25-0", ph)
	}
	if code, body, _ := org.request("POST", base+"/rounds", `{}`, "X-CSRF-Token", csrf); code != http.StatusConflict || !strings.Contains(body, "without a result") {
		t.Errorf("round 2 paired before round 1 is played: %d %s; want 409", code, body)
	}

	// A correction before the round starts: boards 1 and 2 swap their
	// second players; logged.
	fix := fmt.Sprintf(`{"matches":[{"board":1,"a":%d,"b":%d},{"board":2,"a":%d,"b":%d}]}`, r1[0].A, r1[1].B, r1[1].A, r1[0].B)
	v = organise(t, org, csrf, base+"/rounds/1/pairing", fix, http.StatusOK)
	if len(v.Log) != 1 || !strings.Contains(v.Log[0].Text, "round 1 corrected by hand: board 1") || v.Log[0].Code != "corrected" || v.Log[0].Params["Round"] != 1.0 {
		t.Errorf("the log after a correction: %+v; want its English text, its code and the round", v.Log)
	}
	if code, body, _ := org.request("POST", base+"/rounds/1/pairing", fmt.Sprintf(`{"matches":[{"board":1,"a":%d,"b":%d}]}`, r1[0].A, r1[1].A), "X-CSRF-Token", csrf); code != http.StatusBadRequest || !strings.Contains(body, "would play on boards") {
		t.Errorf("a correction that puts a player on two boards: %d %s; want 400", code, body)
	}
	for _, c := range []struct{ path, body, words string }{
		{"/rounds/1/boards/1", `{"score":[25]}`, "two numbers"},
		{"/rounds/1/boards/1", `{"score":[25,-1]}`, "score: -1"},
		{"/rounds/1/boards/9", `{"score":[25,1]}`, "no board 9"},
		{"/rounds/4/boards/1", `{"score":[25,1]}`, "round 4 is not paired"},
		{"/rounds/1/boards/3", `{"score":[25,1]}`, "phantom"},
	} {
		code, body, _ := org.request("POST", base+c.path, c.body, "X-CSRF-Token", csrf)
		if code < 400 || !strings.Contains(body, c.words) {
			t.Errorf("POST %s %s: %d %s; want refused saying %q", c.path, c.body, code, body, c.words)
		}
	}
	organise(t, org, csrf, base+"/rounds/1/boards/1", `{"score":[25,10]}`, http.StatusOK)
	v = organise(t, org, csrf, base+"/rounds/1/boards/2", `{"score":[12,25]}`, http.StatusOK)
	if m := v.Paired[0].Matches[0]; m.Source != "hand" || *m.Score != [2]int{25, 10} {
		t.Errorf("a result typed: %+v; want 25-10 marked hand", m)
	}
	want = check(v)
	v = organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	samePairing(2, want)
	if code, body, _ := org.request("POST", base+"/rounds/1/pairing", fix, "X-CSRF-Token", csrf); code != http.StatusConflict || !strings.Contains(body, "has begun") {
		t.Errorf("a correction of a round played: %d %s; want 409", code, body)
	}

	// Round 2's results, one typed over another (logged), a withdrawal,
	// and round 3 paired without the withdrawn player.
	for _, m := range v.Paired[1].Matches {
		if m.B != 0 {
			organise(t, org, csrf, fmt.Sprintf("%s/rounds/2/boards/%d", base, m.Board), `{"score":[25,20]}`, http.StatusOK)
		}
	}
	v = organise(t, org, csrf, base+"/rounds/1/boards/1", `{"score":[20,25]}`, http.StatusOK)
	if len(v.Log) != 2 || !strings.Contains(v.Log[1].Text, "20-25 typed by hand, was 25-10 (hand)") || v.Log[1].Code != "result_typed" || v.Log[1].Params["Was"] != "25-10" {
		t.Errorf("the log after a result typed over another: %+v; want its English text, its code and the result it replaced", v.Log)
	}
	if code, body, _ := org.request("POST", base+"/players/9", `{"withdrawn":true}`, "X-CSRF-Token", csrf); code != http.StatusNotFound {
		t.Errorf("withdrawing player 9 of 5: %d %s; want 404", code, body)
	}
	v = organise(t, org, csrf, base+"/players/5", `{"withdrawn":true}`, http.StatusOK)
	want = check(v)
	v = organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	samePairing(3, want)
	for _, m := range v.Paired[2].Matches {
		if m.A == 5 || m.B == 5 || m.B == 0 {
			t.Errorf("round 3 pairs %+v; want 4 players, no phantom, without the withdrawn Eli", m)
		}
	}
	if v.Next == "" {
		t.Errorf("after round 3 of 3 is paired, next %q; want a reason", v.Next)
	}
	// The public view, read by a browser not signed in.
	var pub tview
	if code := anon.get(base, &pub); code != http.StatusOK || pub.Mine || len(pub.Paired) != 3 || len(pub.Standings) != 5 {
		t.Errorf("the public view: %d %+v", code, pub)
	}
	if code, body, _ := anon.request("GET", "/api/tournaments/nope", ""); code != http.StatusNotFound || !strings.Contains(body, "no such tournament") {
		t.Errorf("an unknown tournament: %d %s", code, body)
	}
}

// TestTournamentOnlineRound: a round played on online tables. The
// organiser opens them; each player is called on the live channel with
// the link of a seat kept for the account (a stranger is refused it); a
// match conceded enters its result by itself, marked online, and the
// standings move at once; a match typed by hand meanwhile keeps its
// result.
func TestTournamentOnlineRound(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org := e.player()
	csrf := signUp(t, org, "org")
	names := []string{"ann", "bob", "cyd", "dee"}
	players, csrfs := map[string]*player{}, map[string]string{}
	for _, n := range names {
		p := e.player()
		players[n], csrfs[n] = p, signUp(t, p, n)
	}
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Online open","rounds":2}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for i, n := range names {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"account":%q,"rating":%d}`, n, 1800-100*i), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/players", `{"name":"Guest"}`, http.StatusCreated)
	v = organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	lives := map[string]*liveChannel{}
	for _, n := range names {
		lives[n] = openLive(t, e.http.URL, players[n].Client)
	}
	v = organise(t, org, csrf, base+"/rounds/1/online", `{}`, http.StatusOK)
	if code, body, _ := org.request("POST", base+"/rounds/1/online", `{}`, "X-CSRF-Token", csrf); code != http.StatusConflict {
		t.Errorf("opening the tables twice: %d %s; want 409", code, body)
	}
	byName := map[int]string{}
	for i, n := range names {
		byName[i+1] = n
	}
	type call struct {
		Tournament protocol.TournamentCall
	}
	var tables []string
	for _, m := range v.Paired[0].Matches {
		switch {
		case m.B == 0:
			continue
		case m.Table == "":
			t.Fatalf("board %d (%s v %s) has no table", m.Board, m.AName, m.BName)
		}
		tables = append(tables, m.Table)
		for seat, n := range []int{m.A, m.B} {
			var c call
			if err := json.Unmarshal([]byte(lives[byName[n]].next("tournament").raw), &c); err != nil {
				t.Fatal(err)
			}
			if c.Tournament.Table != m.Table || c.Tournament.Link != fmt.Sprintf("/t/%s?seat=%d", m.Table, seat) || c.Tournament.Board != m.Board {
				t.Errorf("%s is called to %+v; want board %d, table %s, seat %d", byName[n], c.Tournament, m.Board, m.Table, seat)
			}
		}
	}
	if len(tables) != 2 {
		t.Fatalf("tables %v; want 2 (ann, bob, cyd, dee against each other, the guest against the phantom)", tables)
	}
	first, second := v.Paired[0].Matches[0], v.Paired[0].Matches[1]

	// A stranger is refused a kept seat.
	eve := e.player()
	csrfE := signUp(t, eve, "eve")
	ce := eve.connect(first.Table, 0)
	ce.next("welcome")
	ce.send(sitWith(0, "", csrfE))
	if m := ce.next("error", "welcome"); m.Type != "error" || !strings.Contains(m.Error, "kept") {
		t.Errorf("a stranger sits at a tournament's seat: %s; want refused", m.Raw)
	}

	// The second match's result is typed by hand first: it stays.
	organise(t, org, csrf, fmt.Sprintf("%s/rounds/1/boards/%d", base, second.Board), `{"score":[0,25]}`, http.StatusOK)

	// The first match is played: both sit, one concedes.
	pa, pb := players[byName[first.A]], players[byName[first.B]]
	ca, cb := pa.connect(first.Table, 0), pb.connect(first.Table, 0)
	ca.next("welcome")
	cb.next("welcome")
	ca.send(sitWith(0, "", csrfs[byName[first.A]]))
	if w := ca.next("welcome", "error"); len(w.Seats) != 1 || w.Nickname != byName[first.A] {
		t.Fatalf("%s takes the kept seat 0: %s", byName[first.A], w.Raw)
	}
	cb.send(sitWith(1, "", csrfs[byName[first.B]]))
	if w := cb.next("welcome", "error"); len(w.Seats) != 1 {
		t.Fatalf("%s takes the kept seat 1: %s", byName[first.B], w.Raw)
	}
	// A stroke first: a match conceded before it is aborted, and enters
	// no result (docs/accounts.md).
	rng := rand.New(rand.NewPCG(1, 1))
	st := ca.untilMine(0, 1)
	for played := false; !played || st.ToAct.Need != "strike"; st = ca.untilMine(0, 1) {
		played = played || st.ToAct.Need == "strike"
		map[bool]*conn{true: cb, false: ca}[st.ToAct.Seat == 1].send(myMove(st, rng))
		ca.next("event")
	}
	c := map[bool]*conn{true: cb, false: ca}[st.ToAct.Seat == 1]
	loser := st.ToAct.Seat
	c.send(protocol.Concede("match"))
	deadline := time.Now().Add(20 * time.Second)
	for {
		var now tview
		org.get(base, &now)
		m := now.Paired[0].Matches[0]
		if m.Source == "online" {
			wantScore := [2]int{1, 0}
			if loser == 0 {
				wantScore = [2]int{0, 1}
			}
			if *m.Score != wantScore {
				t.Errorf("the conceded match entered %v; want %v (seat %d conceded)", *m.Score, wantScore, loser)
			}
			winner := []int{first.A, first.B}[1-loser]
			if i := slices.IndexFunc(now.Standings, func(s struct {
				Rank, Num, Points, Buchholz, Net, Total int
				Name                                    string
			}) bool {
				return s.Num == winner
			}); i < 0 || now.Standings[i].Points != 2 {
				t.Errorf("the winner's standing: %+v; want 2 points", now.Standings)
			}
			if h := now.Paired[0].Matches[1]; h.Source != "hand" || *h.Score != [2]int{0, 25} {
				t.Errorf("the match typed by hand: %+v; want 0-25 kept", h)
			}
			if now.Next != "" {
				t.Errorf("every match of round 1 has a result; next %q", now.Next)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the conceded match's result has not entered by itself: %+v", m)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestTournamentScoresheetRound: a round on real boards. The organiser
// opens a scoresheet for each match (the link on the public view), the
// organiser's browser writes it, and the sheet signed to its end enters
// its result by itself, marked sheet; a correction of the pairing is
// refused once the board has its sheet.
func TestTournamentScoresheetRound(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org := e.player()
	csrf := signUp(t, org, "org")
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Club night","rounds":1}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for _, n := range []string{"Ann", "Bob"} {
		organise(t, org, csrf, base+"/players", fmt.Sprintf(`{"name":%q}`, n), http.StatusCreated)
	}
	organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	v = organise(t, org, csrf, base+"/rounds/1/sheets", `{}`, http.StatusOK)
	m := v.Paired[0].Matches[0]
	var links struct {
		Paired []struct {
			Matches []struct {
				Sheet     string
				SheetLink string `json:"sheet_link"`
			}
		}
	}
	org.get(base, &links)
	sheet := links.Paired[0].Matches[0].Sheet
	if sheet == "" || links.Paired[0].Matches[0].SheetLink != "/umpire/"+sheet {
		t.Fatalf("the match's sheet: %+v", links.Paired[0].Matches[0])
	}
	if code, body, _ := org.request("POST", base+"/rounds/1/sheets", `{}`, "X-CSRF-Token", csrf); code != http.StatusConflict {
		t.Errorf("opening the sheets twice: %d %s; want 409", code, body)
	}
	if code, body, _ := org.request("POST", base+"/rounds/1/pairing", fmt.Sprintf(`{"matches":[{"board":1,"a":%d,"b":%d}]}`, m.B, m.A), "X-CSRF-Token", csrf); code != http.StatusConflict {
		t.Errorf("a correction of a board with its sheet: %d %s; want 409", code, body)
	}
	var sh sheetReply
	if code := org.get("/api/umpire/"+sheet, &sh); code != http.StatusOK || !sh.Yours {
		t.Fatalf("the sheet, read by the organiser's browser: %d %+v; want it the browser's to write", code, sh)
	}
	for i, op := range []string{`"line": {"concede": "board"}`, `"sign": 1`, `"line": {"concede": "match"}`} {
		code, body, _ := org.request("POST", "/api/umpire/"+sheet+"/entries", fmt.Sprintf(`{"seq": %d, %s}`, i+1, op), "X-CSRF-Token", csrf)
		if code != http.StatusOK {
			t.Fatalf("entry %d: %d %s", i+1, code, body)
		}
		var mid tview
		org.get(base, &mid)
		if i < 2 && mid.Paired[0].Matches[0].Score != nil {
			t.Errorf("after entry %d, the match has a result %v; want none before the sheet's end", i+1, *mid.Paired[0].Matches[0].Score)
		}
	}
	org.get(base, &v)
	if got := v.Paired[0].Matches[0]; got.Source != "sheet" || got.Score == nil || *got.Score != [2]int{1, 0} {
		t.Errorf("the match after its sheet's end: %+v; want 1-0 (the second player conceded in game 1), marked sheet", got)
	}
}
