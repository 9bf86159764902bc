package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/tourney"
	"github.com/carrom-game/carrom/tourney/sol"
)

// ioFile is a carrom-tourney/1 file of a Swiss of five, two rounds played:
// a phantom, a withdrawal, clubs, countries and ratings.
const ioFile = `{
  "format": "carrom-tourney/1",
  "name": "Spring open",
  "system": "swiss",
  "method": "dutch",
  "points": {"win": 2, "draw": 1, "loss": 0},
  "phantom_score": 25,
  "seed": 11,
  "players": [
    {"id": "Ann Rossi", "rating": 1800, "club": "Milano", "country": "ITA"},
    {"id": "Bob Smith", "rating": 1700, "club": "Leeds", "country": "GBR"},
    {"id": "Cy Dupont", "rating": 1600, "country": "FRA"},
    {"id": "Di Meyer", "rating": 1500, "withdrawn": true},
    {"id": "Ed Ruiz"}
  ],
  "rounds": [
    {"matches": [{"a": "Ann Rossi", "b": "Cy Dupont", "score": [25, 10], "board": 1}, {"a": "Bob Smith", "b": "Di Meyer", "score": [20, 20], "board": 2},
                 {"a": "Ed Ruiz", "b": null, "score": [25, 0], "board": 3}]},
    {"matches": [{"a": "Ann Rossi", "b": "Bob Smith", "score": [25, 21], "board": 1}, {"a": "Cy Dupont", "b": "Ed Ruiz", "score": [3, 25], "board": 2},
                 {"a": "Di Meyer", "b": null, "score": [25, 0], "board": 3}]}
  ]
}
`

// standingsOf is a tournament's standings as names and figures, as the
// public view gives them.
func standingsOf(v tview) []string {
	var out []string
	for _, s := range v.Standings {
		out = append(out, fmt.Sprintf("%d %s %d %d %d %d", s.Rank, s.Name, s.Points, s.Buchholz, s.Net, s.Total))
	}
	return out
}

// fileStandings is the standings of a tournament file, as "carrom tourney
// standings" counts them.
func fileStandings(f *tourney.File) []string {
	var out []string
	for _, s := range tourney.Standings(&f.Tournament, tourney.NoAdjustment) {
		out = append(out, fmt.Sprintf("%d %s %d %d %d %d", s.Rank, s.ID, s.Points, s.Buchholz, s.Net, s.Total))
	}
	return out
}

// TestTournamentExportImport imports a tournament file on a real server,
// exports it and imports the export: the second export is the first again
// and the standings are the file's; a SoL dump imports with the standings
// its tourney has; bad files are plain 400s that create nothing.
func TestTournamentExportImport(t *testing.T) {
	e := newEnv(t, t.TempDir())
	org, anon := e.player(), e.player()
	csrf := signUp(t, org, "org")

	if code, body, _ := anon.request("POST", "/api/tournaments/import", ioFile); code != http.StatusUnauthorized {
		t.Errorf("an import by a browser not signed in: %d %s; want 401", code, body)
	}
	if code, body, _ := org.request("POST", "/api/tournaments/import", ioFile); code != http.StatusForbidden {
		t.Errorf("an import without the session's CSRF token: %d %s; want 403", code, body)
	}
	v1 := organise(t, org, csrf, "/api/tournaments/import", ioFile, http.StatusCreated)
	if !v1.Mine || len(v1.Players) != 5 || len(v1.Paired) != 2 || v1.Players[0].Account || !v1.Players[3].Withdrawn {
		t.Fatalf("the imported tournament: %+v", v1)
	}
	for _, m := range v1.Paired[1].Matches {
		if want := map[bool]string{true: "phantom", false: "hand"}[m.B == 0]; m.Source != want {
			t.Errorf("round 2, board %d imported as %q; want %q", m.Board, m.Source, want)
		}
	}
	orig, err := tourney.ParseFile(strings.NewReader(ioFile))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := standingsOf(v1), fileStandings(orig); !equalLines(got, want) {
		t.Errorf("the imported standings:\n%v\nwant the file's:\n%v", got, want)
	}

	// Anyone reads the export, an attachment.
	code, export1, h := anon.request("GET", "/api/tournaments/"+v1.ID+"/export", "")
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Disposition"), "attachment;") {
		t.Fatalf("the export: %d %q %s", code, h.Get("Content-Disposition"), export1)
	}
	v2 := organise(t, org, csrf, "/api/tournaments/import", export1, http.StatusCreated)
	_, export2, _ := org.request("GET", "/api/tournaments/"+v2.ID+"/export", "")
	if export1 != export2 {
		t.Errorf("the export of the imported export:\n%s\nwant the export again:\n%s", export2, export1)
	}
	if !equalLines(standingsOf(v2), standingsOf(v1)) {
		t.Errorf("the standings after the round trip:\n%v\nwant:\n%v", standingsOf(v2), standingsOf(v1))
	}

	// A tournament of doubles: each pair's two players, accounts or
	// guests, go out in the file and come back.
	testDoublesRoundTrip(t, e, org, csrf)

	// A SoL dump, gzipped: the standings of its tourney.
	dump, err := os.ReadFile("../../tourney/sol/testdata/club_day.sol")
	if err != nil {
		t.Fatal(err)
	}
	fs, err := sol.Read(strings.NewReader(string(dump)))
	if err != nil {
		t.Fatal(err)
	}
	vs := organise(t, org, csrf, "/api/tournaments/import", string(dump), http.StatusCreated)
	if got, want := standingsOf(vs), fileStandings(fs[0]); !equalLines(got, want) {
		t.Errorf("the SoL dump's standings:\n%v\nwant:\n%v", got, want)
	}

	// Bad files: plain 400s, nothing made.
	var players []string
	for i := range 501 {
		players = append(players, fmt.Sprintf(`{"id": "p%d"}`, i))
	}
	many := `{"format": "carrom-tourney/1", "system": "swiss", "method": "dazed", "points": {"win": 2, "draw": 1, "loss": 0}, "phantom_score": 25, "seed": 1, "players": [` + strings.Join(players, ",") + `], "rounds": []}`
	for _, c := range []struct{ path, body, words string }{
		{"/api/tournaments/import", strings.Replace(ioFile, "carrom-tourney/1", "carrom-tourney/9", 1), `format "carrom-tourney/9"`},
		{"/api/tournaments/import", "garbage, not a tournament", "neither a carrom-tourney/2 file nor a SoL dump"},
		{"/api/tournaments/import", many, "501 players: a tournament enters 500 at most"},
		{"/api/tournaments/import?tourney=2", string(dump), "tourney 2: the SoL dump holds 1"},
	} {
		code, body, _ := org.request("POST", c.path, c.body, "X-CSRF-Token", csrf)
		body = errorOf(body)
		if code != http.StatusBadRequest || !strings.Contains(body, c.words) || strings.Contains(body, "tournament:") {
			t.Errorf("POST %s %.40q: %d %s; want 400 saying %q", c.path, c.body, code, body, c.words)
		}
	}
	var mine []json.RawMessage
	if code := org.get("/api/tournaments", &mine); code != http.StatusOK || len(mine) != 6 {
		t.Errorf("the organiser's tournaments after the bad files: %d, %d; want the 3 imported and the 3 of doubles", code, len(mine))
	}
}

// testDoublesRoundTrip plays a round of a tournament of doubles (two
// pairs of accounts, two of guests), exports it, imports the export and
// exports that again: the file names each pair's two players, the import
// is of doubles with the same pairs and standings, and its export is the
// first. A carrom-tourney/1 file of the pairs' old names imports as
// singles, as it did.
func testDoublesRoundTrip(t *testing.T, e *env, org *player, csrf string) {
	t.Helper()
	for _, name := range []string{"ann", "bob", "cyd", "dee"} {
		signUp(t, e.player(), name)
	}
	v := organise(t, org, csrf, "/api/tournaments", `{"name":"Pairs open","rounds":2,"singles":false,"method":"serial"}`, http.StatusCreated)
	base := "/api/tournaments/" + v.ID
	for _, b := range []string{`{"account":"ann","partner":{"account":"cyd"},"rating":1800,"club":"Milano"}`, `{"account":"bob","partner":{"account":"dee"},"rating":1700}`,
		`{"name":"Eve","partner":{"name":"Flo"},"rating":1600,"country":"FRA"}`, `{"name":"Gus","partner":{"name":"Hal"},"rating":1500}`} {
		organise(t, org, csrf, base+"/players", b, http.StatusCreated)
	}
	v = organise(t, org, csrf, base+"/rounds", `{}`, http.StatusCreated)
	for _, m := range v.Paired[0].Matches {
		v = organise(t, org, csrf, fmt.Sprintf("%s/rounds/1/boards/%d", base, m.Board), `{"score":[25,`+fmt.Sprint(m.Board*7)+`]}`, http.StatusOK)
	}
	_, export1, _ := org.request("GET", base+"/export", "")
	f, err := tourney.ParseFile(strings.NewReader(export1))
	if err != nil {
		t.Fatalf("the export of doubles: %v\n%s", err, export1)
	}
	want := map[string][2]string{"ann & cyd": {"ann", "cyd"}, "bob & dee": {"bob", "dee"}, "Eve & Flo": {"Eve", "Flo"}, "Gus & Hal": {"Gus", "Hal"}}
	if !f.Doubles || fmt.Sprint(f.Pairs) != fmt.Sprint(want) || f.Players[0].Club != "Milano" || f.Players[2].Country != "FRA" {
		t.Errorf("the export of doubles: doubles %v, pairs %v, players %+v; want the pairs %v", f.Doubles, f.Pairs, f.Players, want)
	}
	v2 := organise(t, org, csrf, "/api/tournaments/import", export1, http.StatusCreated)
	var single struct{ Singles bool }
	if code := org.get("/api/tournaments/"+v2.ID, &single); code != http.StatusOK || single.Singles {
		t.Errorf("the import of doubles: %d, singles %v; want doubles", code, single.Singles)
	}
	var names []string
	for _, p := range v2.Players {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, ", "); got != "ann & cyd, bob & dee, Eve & Flo, Gus & Hal" {
		t.Errorf("the imported pairs: %s", got)
	}
	if !equalLines(standingsOf(v2), standingsOf(v)) {
		t.Errorf("the standings of the imported doubles:\n%v\nwant:\n%v", standingsOf(v2), standingsOf(v))
	}
	if _, export2, _ := org.request("GET", "/api/tournaments/"+v2.ID+"/export", ""); export2 != export1 {
		t.Errorf("the export of the imported doubles:\n%s\nwant the export again:\n%s", export2, export1)
	}
	old := `{"format": "carrom-tourney/1", "system": "swiss", "method": "serial", "players": [{"id": "ann"}, {"id": "bob"}], "rounds": []}`
	v3 := organise(t, org, csrf, "/api/tournaments/import", old, http.StatusCreated)
	if code := org.get("/api/tournaments/"+v3.ID, &single); code != http.StatusOK || !single.Singles || len(v3.Players) != 2 {
		t.Errorf("a carrom-tourney/1 file: %d, singles %v, %d players; want singles of 2", code, single.Singles, len(v3.Players))
	}
}

func equalLines(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}
