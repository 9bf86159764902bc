package tournament

import (
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/tourney"
)

var noFinals = carrom.TournamentFinals{BestOf: 1, Prizes: "none"}

// TestDecodeFinishing: the finals and prizes over the current choice, and
// a championship; each bad body refused with a sentence naming what is
// wrong.
func TestDecodeFinishing(t *testing.T) {
	if f, err := decodeFinals([]byte(`{"places":4,"best_of":3}`), noFinals); err != nil || f != (carrom.TournamentFinals{Places: 4, BestOf: 3, Prizes: "none"}) {
		t.Errorf("finals: %+v, %v", f, err)
	}
	if f, err := decodeFinals([]byte(`{"prizes":"centesimal"}`), carrom.TournamentFinals{Places: 2, BestOf: 3, Prizes: "none"}); err != nil || f != (carrom.TournamentFinals{Places: 2, BestOf: 3, Prizes: "centesimal"}) {
		t.Errorf("prizes over finals: %+v, %v", f, err)
	}
	if c, err := decodeChampionship([]byte(`{"name":" Tour ","prizes":"fixed40","skip_worst":2,"tournaments":["a","b"]}`)); err != nil || c.Name != "Tour" || c.Prizes != "fixed40" || c.SkipWorst != 2 || len(c.Tournaments) != 2 {
		t.Errorf("a championship: %+v, %v", c, err)
	}
	for _, c := range []struct {
		f           func([]byte) error
		body, words string
	}{
		{func(b []byte) error { _, err := decodeFinals(b, noFinals); return err }, `{"places":3}`, "places 3"},
		{func(b []byte) error { _, err := decodeFinals(b, noFinals); return err }, `{"places":2,"best_of":5}`, "best_of 5"},
		{func(b []byte) error { _, err := decodeFinals(b, noFinals); return err }, `{"best_of":0}`, "best_of 0: want 1 or 3"},
		{func(b []byte) error { _, err := decodeFinals(b, noFinals); return err }, `{"prizes":"cash"}`, `unknown prize method "cash"`},
		{func(b []byte) error { _, err := decodeFinals(b, noFinals); return err }, `{"places":"2"}`, "the request's body"},
		{func(b []byte) error { _, err := decodeChampionship(b); return err }, `{"name":"x","prizes":"none"}`, `prizes "none"`},
		{func(b []byte) error { _, err := decodeChampionship(b); return err }, `{"name":"x","prizes":"fixed","skip_worst":51}`, "skip_worst: 51; want 0 to 50"},
		{func(b []byte) error { _, err := decodeChampionship(b); return err }, `{"prizes":"fixed"}`, "name: missing"},
		{func(b []byte) error { _, err := decodeChampionship(b); return err }, `{"name":"x","prizes":"fixed","tournaments":["a","a"]}`, `tournaments[1]: "a" is given twice`},
		{func(b []byte) error { _, err := decodeChampionship(b); return err }, `{"name":"x","prizes":"fixed","tournaments":[` + strings.Repeat(`"a",`, 50) + `"b"]}`, "51; a championship groups 50 at most"},
	} {
		err := c.f([]byte(c.body))
		if err == nil || httpapi.Status(err) != 400 || !strings.Contains(httpapi.Text(err), c.words) {
			t.Errorf("%s: %v; want a 400 saying %q", c.body, err, c.words)
		}
	}
}

// FuzzFinishing: no body makes the decoders of finals and championships
// panic, and whatever they accept is within the limits.
func FuzzFinishing(f *testing.F) {
	for _, s := range []string{`{"places":2,"best_of":3,"prizes":"fixed"}`, `{"name":"Tour","prizes":"millesimal","skip_worst":1,"tournaments":["a"]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if fin, err := decodeFinals(data, noFinals); err == nil && (fin.Places != 0 && fin.Places != 2 && fin.Places != 4 || fin.BestOf != 1 && fin.BestOf != 3) {
			t.Errorf("decodeFinals accepted %+v", fin)
		}
		if c, err := decodeChampionship(data); err == nil && (c.Name == "" || c.Prizes == "none" || c.SkipWorst < 0 || c.SkipWorst > MaxChampionshipTournaments || len(c.Tournaments) > MaxChampionshipTournaments) {
			t.Errorf("decodeChampionship accepted %+v", c)
		}
	})
}

// TestImportedFinals: a file's finals rounds are stored after its Swiss's
// rounds; finals with no Swiss round before them are refused.
func TestImportedFinals(t *testing.T) {
	f := &tourney.File{Name: "Night", Prizes: tourney.Fixed}
	f.System, f.Points = "swiss", tourney.DefaultPoints
	f.Players = []tourney.Player{{ID: "Ann"}, {ID: "Bob"}, {ID: "Cy"}}
	f.Finals = &tourney.Finals{Places: 2, BestOf: 1}
	f.FinalsRounds = []tourney.Round{{Matches: []tourney.Match{{A: "Ann", B: "Bob", Score: [2]int{25, 3}}}}}
	if _, _, _, err := imported(f); err == nil || httpapi.Status(err) != 400 || !strings.Contains(httpapi.Text(err), "finals played before any round of the swiss") {
		t.Errorf("finals without a Swiss: %v; want a 400", err)
	}
	f.Rounds = []tourney.Round{{Matches: []tourney.Match{{A: "Ann", B: "Bob", Score: [2]int{25, 3}}, {A: "Cy", Score: [2]int{25, 0}}}}}
	tn, _, rounds, err := imported(f)
	if err != nil || tn.Rounds != 1 || len(rounds) != 2 || rounds[1][0].Round != 2 || fileFinals(f) != (carrom.TournamentFinals{Places: 2, BestOf: 1, Prizes: "fixed"}) {
		t.Errorf("a file with finals: %+v, %d rounds, %v; want 1 Swiss round, the final as round 2", tn, len(rounds), err)
	}
}
