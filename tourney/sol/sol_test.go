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

	// What SoL stored for each competitor, read from the YAML beside it:
	// the tourney is its second document, a prize a decimal in a string.
	raw, err := os.ReadFile("testdata/club_day.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	var lists, stored struct {
		Competitors []struct {
			Points, Bucholz, Netscore, Totscore int
			Prize                               string
		}
	}
	if err := dec.Decode(&lists); err != nil {
		t.Fatal(err)
	}
	if err := dec.Decode(&stored); err != nil {
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
	for i, c := range stored.Competitors {
		id := f.Players[i].ID
		s := byID[id]
		if s.Points != c.Points || s.Buchholz != c.Bucholz || s.Net != c.Netscore || s.Total != c.Totscore {
			t.Errorf("%s: points %d, Buchholz %d, net %d, total %d; SoL stored %+v", id, s.Points, s.Buchholz, s.Net, s.Total, c)
		}
		if p := prizes[slices.Index(ranking, id)]; p.String() != c.Prize {
			t.Errorf("%s: prize %v; SoL stored %s", id, p, c.Prize)
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
		{"clubs: []\n", "the dump holds no tourney"},
		{"clubs: [\n", "the dump is not SoL's YAML or JSON: line 1: did not find expected node content"},
		{"clubs: []\nplayers: [{firstname: a}, {firstname: b}]\n---\n{description: x, couplings: all, competitors: [], matches: []}\n", `tourney 1 (x): pairing method "all" is not one this reader knows (serial, dazed, staggered)`},
		{"clubs: []\nplayers: [{firstname: a}, {firstname: b}]\n---\n{description: x, couplings: serial, competitors: [{players: [3]}]}\n", "tourney 1 (x): competitor 1: player 3 is not in the dump"},
		// Places count from 1, as SoL's: 0 is no player.
		{"clubs: []\nplayers: [{firstname: a}, {firstname: b}]\n---\n{description: x, couplings: serial, competitors: [{players: [0]}]}\n", "tourney 1 (x): competitor 1: player 0 is not in the dump"},
		{"clubs: []\nplayers: [{firstname: a}, {firstname: b}]\n---\n{description: x, couplings: serial, championship: 2, competitors: []}\n", "tourney 1 (x): championship 2 is not in the dump"},
		{"clubs: []\nplayers: [{firstname: a}, {firstname: b}]\n---\n{description: x, couplings: serial, championship: {description: c, prizes: fixed}, competitors: []}\n",
			"tourney 1 (x): its championship is not a place in the dump's championships (a SoL 2 dump, with the championship written inside the tourney, is not read)"},
		{"clubs: []\nplayers: [{firstname: a}, {firstname: b}]\n---\n{description: x, couplings: serial, competitors: [{players: [1]}, {players: [2]}], matches: [{turn: 1, competitor1: 1, competitor2: 1, score1: 1, score2: 0}]}\n",
			`tourney 1 (x): round 1, match 1: player "a" plays twice in round 1`},
		{"clubs: []\nplayers: [{firstname: a}, {firstname: b}]\n---\n{description: x, couplings: serial, competitors: [{players: [1]}], matches: [{turn: 1000000000, competitor1: 1}]}\n",
			"tourney 1 (x): match 1: turn 1000000000; want 1 to 1, the number of matches"},
		// The phantom: null, or 0 (which SoL reads as null too).
		{"clubs: []\nplayers: [{firstname: a}, {firstname: b}]\n---\n{description: x, couplings: serial, competitors: [{players: [1]}, {players: [2]}], matches: [{turn: 1, competitor1: 1, competitor2: null, score1: 25, score2: 0}, {turn: 1, competitor1: 2, competitor2: 0, score1: 25, score2: 0}]}\n", ""},
		// SoL before 3: "seasons" and "season".
		{"clubs: []\nseasons: [{description: s, prizes: centesimal}]\nplayers: [{firstname: a}]\n---\n{description: x, season: 1, couplings: serial, competitors: [{players: [1]}], matches: []}\n", ""},
		// JSON: one array, the lists first.
		{`[{"clubs": [], "players": [{"firstname": "a"}]}, {"description": "j", "couplings": "serial", "competitors": [{"players": [1]}], "matches": [{"turn": 1, "competitor1": 1, "competitor2": null, "score1": 25, "score2": 0}]}]`, ""},
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
	f.Add([]byte(`[{"clubs": [], "players": [{"firstname": "a"}]}, {"couplings": "serial", "competitors": [{"players": [1]}], "matches": [{"turn": 1, "competitor1": 1}]}]`))
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
