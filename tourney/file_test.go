package tourney

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// drawFile draws a whole tournament file: any system, options, prizes,
// and for a Swiss maybe finals with some of their rounds played.
func drawFile(t *rapid.T) *File {
	tr := drawTournament(t)
	tr.Points = Points{Win: rapid.IntRange(2, 3).Draw(t, "win"), Draw: 1, Loss: rapid.IntRange(0, 1).Draw(t, "loss")}
	tr.PhantomScore = rapid.IntRange(0, 25).Draw(t, "phantom")
	f := &File{Name: rapid.String().Draw(t, "name"), Request: Request{Tournament: *tr}, Prizes: rapid.SampledFrom(PrizeMethods).Draw(t, "prizes")}
	f.System = rapid.SampledFrom(Systems).Draw(t, "system")
	switch f.System {
	case "swiss":
		f.Options = SwissOptions{Method: rapid.SampledFrom(Methods).Draw(t, "method"), DelayTop: rapid.IntRange(0, 2).Draw(t, "delay"),
			AvoidCompatriots: rapid.IntRange(0, 2).Draw(t, "compatriots"), AvoidClubmates: rapid.IntRange(0, 2).Draw(t, "clubmates")}
		if places := rapid.SampledFrom([]int{0, 2, 4}).Draw(t, "finals"); places > 0 && places <= len(tr.Players) {
			f.Finals = &Finals{Places: places, BestOf: rapid.SampledFrom([]int{1, 3}).Draw(t, "best_of")}
			var ids []string
			for _, s := range Standings(&f.Tournament, NoAdjustment) {
				ids = append(ids, s.ID)
			}
			out := f.withdrawn()
			// The finals as the server plays them: seeded from the players
			// not withdrawn, a withdrawn finalist's final forfeited.
			ranking := FinalsSeeding(ids, *f.Finals, nil, out)
			for range rapid.IntRange(0, 3).Draw(t, "finals rounds") {
				ps, err := FinalsPairing(ranking, *f.Finals, f.FinalsRounds, out...)
				if err != nil {
					t.Fatal(err)
				}
				if len(ps) == 0 {
					break
				}
				var r Round
				for _, p := range ps {
					s := rapid.SampledFrom([][2]int{{25, 3}, {7, 25}}).Draw(t, "final score")
					r.Matches = append(r.Matches, Match{A: p.A, B: p.B, Score: s, Board: p.Board})
				}
				f.FinalsRounds = append(f.FinalsRounds, r)
			}
		}
	case "knockout":
		for _, p := range rapid.Permutation(tr.Players).Draw(t, "seeds") {
			f.Seeds = append(f.Seeds, p.ID)
		}
	}
	if f.Doubles = rapid.Bool().Draw(t, "doubles"); f.Doubles {
		f.Pairs = map[string][2]string{}
		for _, p := range tr.Players {
			f.Pairs[p.ID] = [2]string{rapid.StringMatching(`[A-Za-z]{1,8}`).Draw(t, "first"), rapid.StringMatching(`[A-Za-z]{1,8}`).Draw(t, "partner")}
		}
	}
	return f
}

// TestFileRoundTrip: Parse(Format(x)) == x over drawn tournaments.
func TestFileRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := drawFile(t)
		var buf bytes.Buffer
		if err := f.Format(&buf); err != nil {
			t.Fatal(err)
		}
		g, err := ParseFile(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%v in\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(f, g) {
			t.Fatalf("wrote %+v\nread %+v", f, g)
		}
	})
}

// TestFileRefuses: a file of another format, or with finals that do not
// follow the standings, is refused in a sentence.
func TestFileRefuses(t *testing.T) {
	const players = `"system": "swiss", "method": "serial", "players": [{"id": "a"}, {"id": "b"}, {"id": "c"}],
		"rounds": [{"matches": [{"a": "a", "b": "b", "score": [25, 0]}, {"a": "c", "b": null, "score": [25, 0]}]}]`
	for _, c := range []struct{ in, want string }{
		{`{` + players + `}`, `missing "format" ("carrom-tourney/2")`},
		{`{"format": "carrom-tourney/3", ` + players + `}`, `format "carrom-tourney/3" is not one this version reads (carrom-tourney/2 or carrom-tourney/1)`},
		{`{"format": "carrom-tourney/1", "doubles": true, ` + players + `}`, `"doubles" and "pairs" are fields of carrom-tourney/2, not of carrom-tourney/1`},
		{`{"format": "carrom-tourney/2", "pairs": [], ` + players + `}`, `"pairs" are for doubles: give "doubles": true`},
		{`{"format": "carrom-tourney/2", "doubles": true, "pairs": [{"id": "a", "players": ["Ann", "Cy"]}, {"id": "b", "players": ["Bo", "Di"]}], ` + players + `}`,
			`player "c" has no pair: in doubles each player is a pair, in "pairs"`},
		{`{"format": "carrom-tourney/2", "doubles": true, "pairs": [{"id": "x", "players": ["Ann", "Cy"]}], ` + players + `}`, `pairs[0]: unknown player "x"`},
		{`{"format": "carrom-tourney/2", "doubles": true, "pairs": [{"id": "a", "players": ["Ann"]}], ` + players + `}`, `pairs[0]: "a": want "players", the names of its two players`},
		{`{"format": "carrom-tourney/2", "doubles": true, "pairs": [{"id": "a", "players": ["Ann", "Cy"]}, {"id": "a", "players": ["Ann", "Cy"]}], ` + players + `}`, `pairs[1]: "a" has a pair already`},
		{`{"format": "carrom-tourney/1", "prizes": "gold", ` + players + `}`, `unknown prize method "gold" (have none, fixed, fixed40, millesimal, centesimal)`},
		{`{"format": "carrom-tourney/1", "finals": {"places": 2, "best_of": 1}, ` + players + `}`, `finals: want "places", "best_of" and "rounds" ([] before the first)`},
		{`{"format": "carrom-tourney/1", "finals": {"places": 2, "best_of": 1, "rounds": [{"matches": [{"a": "a", "b": "b", "score": [25, 0]}]}]}, ` + players + `}`,
			`finals round 1, match 1: "a" v "b" is not a final still to play`},
	} {
		_, err := ParseFile(strings.NewReader(c.in))
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
}

// FuzzParseFile: any input is a file or an error, never a crash; a file
// read writes back to one that reads the same.
func FuzzParseFile(f *testing.F) {
	f.Add(`{"format": "carrom-tourney/1", "name": "x", "prizes": "fixed", "system": "swiss", "method": "dazed", "players": [{"id": "a"}, {"id": "b"}], "rounds": [{"matches": [{"a": "a", "b": "b", "score": [25, 0]}]}], "finals": {"places": 2, "best_of": 3, "rounds": [{"matches": [{"a": "b", "b": "a", "score": [25, 1]}]}]}}`)
	f.Add(`{"format": "carrom-tourney/1", "system": "knockout", "seeds": ["a"], "players": [{"id": "a"}], "rounds": []}`)
	f.Add(`{"format": "carrom-tourney/2", "doubles": true, "pairs": [{"id": "a & b", "players": ["a", "b"]}], "system": "roundrobin", "players": [{"id": "a & b"}], "rounds": []}`)
	f.Fuzz(func(t *testing.T, in string) {
		x, err := ParseFile(strings.NewReader(in))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := x.Format(&buf); err != nil {
			t.Fatal(err)
		}
		y, err := ParseFile(&buf)
		if err != nil {
			t.Fatalf("the file written is refused: %v", err)
		}
		if !reflect.DeepEqual(x, y) {
			t.Fatalf("read %+v\nwritten and read again %+v", x, y)
		}
	})
}
