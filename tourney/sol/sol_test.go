package sol

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/carrom-game/carrom/tourney"
)

// TestReadDump: the fixture dump (testdata/README.md) imports as one
// Swiss whose standings, final ranking and prizes are those the dump's
// competitors hold.
func TestReadDump(t *testing.T) {
	in, err := os.Open("testdata/club_day.sol")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	files, err := Read(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 {
		t.Fatalf("%d tourneys, want 1", len(files))
	}
	f := files[0]
	if f.Name != "Torneo di primavera 2024-03-09" || f.System != "swiss" || f.Options.Method != tourney.Dazed || f.Options.DelayTop != 1 ||
		f.Prizes != tourney.Fixed || f.PhantomScore != 25 || len(f.Rounds) != 3 || *f.Finals != (tourney.Finals{Places: 2, BestOf: 1}) || len(f.FinalsRounds) != 1 {
		t.Fatalf("read %+v", f)
	}
	if p := f.Players[3]; p.ID != "Dario Neri" || p.Country != "CHE" || p.Club != "Carrom Torino" {
		t.Errorf("player 4 read as %+v", p)
	}

	// What SoL stored for each competitor, read from the YAML beside it.
	raw, err := os.ReadFile("testdata/club_day.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var stored struct {
		Tourneys []struct {
			Competitors []struct {
				Points, Bucholz, Netscore, Totscore, Prize int
			}
		}
	}
	if err := yaml.Unmarshal(raw, &stored); err != nil {
		t.Fatal(err)
	}
	byID := map[string]tourney.Standing{}
	for _, s := range tourney.Standings(&f.Tournament, tourney.NoAdjustment) {
		byID[s.ID] = s
	}
	ranking, err := f.Ranking()
	if err != nil {
		t.Fatal(err)
	}
	prizes, err := tourney.Prizes(f.Prizes, len(ranking))
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range stored.Tourneys[0].Competitors {
		id := f.Players[i].ID
		s := byID[id]
		if s.Points != c.Points || s.Buchholz != c.Bucholz || s.Net != c.Netscore || s.Total != c.Totscore {
			t.Errorf("%s: points %d, Buchholz %d, net %d, total %d; SoL stored %+v", id, s.Points, s.Buchholz, s.Net, s.Total, c)
		}
		if p := prizes[slices.Index(ranking, id)]; p != tourney.Prize(100*c.Prize) {
			t.Errorf("%s: prize %v; SoL stored %d", id, p, c.Prize)
		}
	}
	want := "Fabio Conti, Anna Rossi, Carla Verdi, Bruno Bianchi, Dario Neri, Elena Gallo"
	if got := strings.Join(ranking, ", "); got != want {
		t.Errorf("final ranking %s, want %s", got, want)
	}
}

// TestReadRefuses: what is not a dump this reader understands is refused
// in a sentence.
func TestReadRefuses(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"clubs: []\n", `the dump holds no "tourneys"`},
		{"tourneys: [\n", "the dump is not SoL's YAML or JSON: line 1: did not find expected node content"},
		{"players: []\ntourneys:\n- {description: x, couplings: all, competitors: [], matches: []}\n", `tourney 1 (x): pairing method "all" is not one this reader knows (serial, dazed, staggered)`},
		{"players: [{firstname: a}]\ntourneys:\n- {description: x, couplings: serial, competitors: [{players: [3]}]}\n", "tourney 1 (x): competitor 1: player 3 is not in the dump"},
		{"players: [{firstname: a}, {firstname: b}]\ntourneys:\n- {description: x, couplings: serial, competitors: [{players: [0]}, {players: [1]}], matches: [{turn: 1, competitor1: 0, competitor2: 0, score1: 1, score2: 0}]}\n",
			`tourney 1 (x): round 1, match 1: player "a" plays twice in round 1`},
		{"players: [{firstname: a}]\ntourneys:\n- {description: x, couplings: serial, competitors: [{players: [0]}], matches: [{turn: 1000000000, competitor1: 0}]}\n",
			"tourney 1 (x): match 1: turn 1000000000; want 1 to 1, the number of matches"},
		{`{"players": [{"firstname": "a"}], "tourneys": [{"description": "j", "couplings": "serial", "competitors": [{"players": [0]}], "matches": [{"turn": 1, "competitor1": 0, "score1": 25, "score2": 0}]}]}`, ""},
	} {
		_, err := Read(strings.NewReader(c.in))
		if c.want == "" && err != nil || c.want != "" && (err == nil || err.Error() != c.want) {
			t.Errorf("%q: got %v, want %q", c.in, err, c.want)
		}
	}
}

// FuzzRead: any input is a list of tournament files or an error, never a
// crash.
func FuzzRead(f *testing.F) {
	raw, err := os.ReadFile("testdata/club_day.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte(`{"players": [{"firstname": "a"}], "tourneys": [{"couplings": "serial", "competitors": [{"players": [0]}], "matches": [{"turn": 1, "competitor1": 0}]}]}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		files, err := Read(bytes.NewReader(in))
		if err != nil {
			return
		}
		for _, x := range files {
			if _, err := x.Ranking(); err != nil {
				t.Fatalf("a tourney read cannot be ranked: %v", err)
			}
		}
	})
}
