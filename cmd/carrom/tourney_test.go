package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/golden"
)

// TestTourneyPairGolden: every testdata/tourney/NAME.json is answered with
// exit 0 by NAME.golden.json (-update rewrites them).
func TestTourneyPairGolden(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "tourney", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no inputs under testdata/tourney: %v", err)
	}
	for _, in := range names {
		if strings.HasSuffix(in, ".golden.json") {
			continue
		}
		name := strings.TrimSuffix(in, ".json")
		t.Run(filepath.Base(name), func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := run([]string{"tourney", "pair"}, bytes.NewReader(readFile(t, in)), &out, &errOut); code != 0 {
				t.Fatalf("exit %d, stderr %s", code, errOut.String())
			}
			golden.Check(t, name+".golden.json", out.Bytes(), *update)
		})
	}
}

// TestTourneyGenerate: the same flags make the same tournament, which pair
// reads; bad flags are refused with exit 2.
func TestTourneyGenerate(t *testing.T) {
	var a, b, errOut bytes.Buffer
	args := []string{"tourney", "generate", "-seed", "9", "-players", "15", "-rounds", "4", "-method", "dutch"}
	if code := run(args, strings.NewReader(""), &a, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	run(args, strings.NewReader(""), &b, &errOut)
	if a.String() != b.String() {
		t.Error("two runs with the same seed differ")
	}
	var out bytes.Buffer
	if code := run([]string{"tourney", "pair"}, &a, &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), `{"round":5,`) {
		t.Errorf("pair of a generated tournament: exit %d, %s %s", code, out.String(), errOut.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tourney", "generate", "-players", "1"}, `carrom tourney generate: invalid value 1 for flag -players`},
		{[]string{"tourney", "generate", "-rounds", "-1"}, `carrom tourney generate: invalid value -1 for flag -rounds`},
		{[]string{"tourney", "generate", "-method", "monrad"}, `carrom tourney generate: invalid value "monrad" for flag -method`},
		{[]string{"tourney", "pair", "extra"}, `carrom tourney pair: unexpected argument "extra"`},
	} {
		errOut.Reset()
		if code := run(c.args, strings.NewReader(""), &out, &errOut); code != 2 || !strings.HasPrefix(errOut.String(), c.want) {
			t.Errorf("carrom %s: exit %d, stderr %q; want 2 and %q", strings.Join(c.args, " "), code, errOut.String(), c.want)
		}
	}
}

// TestTourneyPairRefuses: bad input is one line naming what is wrong, exit
// 1, nothing on standard output.
func TestTourneyPairRefuses(t *testing.T) {
	const players = `"players": [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}]`
	for _, c := range []struct {
		in, want string
	}{
		{``, "the input is empty"},
		{`{"system": "swiss", "method": "serial", ` + players + `, "rounds": [{"matches": [{"a": "p1", "b": "p9", "score": [25, 0]}]}]}`, `round 1, match 1: unknown player "p9"`},
		{`{"system": "swiss", "method": "serial", ` + players + `, "rounds": [{"matches": [{"a": "p1", "b": "p2", "score": [25, 0]}, {"a": "p2", "b": null, "score": [25, 0]}]}]}`, `round 1, match 2: player "p2" plays twice in round 1`},
		{`{"system": "swiss", "method": "serial", ` + players + `, "rounds": [{"matches": [{"a": "p1", "b": "p2", "score": [25, -1]}]}]}`, `round 1, match 1: score 25--1 is negative`},
		{`{"system": "swiss", "method": "serial", ` + players + `, "rounds": [{"matches": [{"a": "p1", "score": [25, 0]}]}]}`, `rounds[0].matches[0]: missing "b"`},
		{`{"system": "swiss", "method": "serial", ` + players + `}`, `missing "rounds"`},
		{`{"system": "swiss", "method": "serial", "players": [{"rating": 1500}], "rounds": []}`, `players[0]: missing "id"`},
		{`{"method": "serial", ` + players + `, "rounds": []}`, `missing "system"`},
		{`{"system": "roundrobin", ` + players + `, "rounds": [], "finals": {"places": 2, "best_of": 1, "rounds": []}}`, `finals follow a swiss, not roundrobin`},
		{`{"system": "swiss", "method": "serial", ` + players + `, "rounds": [], "finals": {"places": 2, "best_of": 1, "rounds": [{"matches": [{"a": "p1", "b": "p3", "score": [25, 0]}]}]}}`, `finals round 1, match 1: "p1" v "p3" is not a final still to play`},
		{`{"system": "swiss", "method": "serial", ` + players + `, "rounds": [], "finals": {"places": 4, "best_of": 1, "rounds": []}}`, `finals for 4 places, but 3 players are ranked`},
		{`{"system": "swiss", ` + players + `, "rounds": []}`, `missing "method"`},
		{`{"system": "monrad", ` + players + `, "rounds": []}`, `unknown system "monrad"`},
		{`{"system": "swiss", "method": "accelerated", ` + players + `, "rounds": []}`, `unknown method "accelerated"`},
		{`{"system": "knockout", ` + players + `, "rounds": []}`, `missing "seeds"`},
		{`{"system": "swiss", "method": "serial", "sead": 7, ` + players + `, "rounds": []}`, `unknown field "sead"`},
		{`{"system": "swiss", "method": "serial", "players": [{"id": "p1", "rating": "high"}], "rounds": []}`, `players.rating: want a number, got string`},
		{`{"system": "swiss", "method": "serial", ` + players + `, "rounds": []} {}`, `more than one JSON document`},
		{`{"system": "swiss", "method": "serial", "players": {}, "rounds": []}`, `players: want a list, got object`},
		{`{"system": "swiss", "method": "serial", ` + players + `, "rounds": [{"matches": [{"a": "p1", "b": "p2", "score": [25, 0, 3]}]}]}`, `rounds[0].matches[0]: "score" has 3 numbers; want 2`},
		{`{"system": "knockout", "seeds": ["p1", "p2", "p3"], ` + players + `, "rounds": [{"matches": [{"a": "p2", "b": "p3", "score": [25, 0]}]}]}`, `round 1: the bracket gives p1 a bye`},
	} {
		var out, errOut bytes.Buffer
		code := run([]string{"tourney", "pair"}, strings.NewReader(c.in), &out, &errOut)
		if code != 1 || out.Len() > 0 || strings.Count(errOut.String(), "\n") != 1 || !strings.Contains(errOut.String(), "carrom tourney pair: "+c.want) {
			t.Errorf("input %s: exit %d, stdout %q, stderr %q; want 1 and %q", c.in, code, out.String(), errOut.String(), c.want)
		}
	}
}

func TestTourneyHelp(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"help", "tourney", "pair"}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), `"phantom_score": 25`) {
		t.Errorf("carrom help tourney pair: exit %d, %s", code, out.String())
	}
	if _, err := os.Stat(filepath.Join("testdata", "tourney")); err != nil {
		t.Fatal(err)
	}
}

// TestTourneyStandingsGolden: every testdata/tourneyfile/NAME.json is
// reported by standings -f as NAME.golden.txt (-update rewrites them); a
// file that cannot be read is one line and exit 1.
func TestTourneyStandingsGolden(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "tourneyfile", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no inputs under testdata/tourneyfile: %v", err)
	}
	for _, in := range names {
		name := strings.TrimSuffix(in, ".json")
		t.Run(filepath.Base(name), func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := run([]string{"tourney", "standings", "-f", in}, strings.NewReader(""), &out, &errOut); code != 0 {
				t.Fatalf("exit %d, stderr %s", code, errOut.String())
			}
			golden.Check(t, name+".golden.txt", out.Bytes(), *update)
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"tourney", "standings", "-f", "../../tourney/sol/testdata/club_day.sol"}, strings.NewReader(""), &out, &errOut); code != 0 ||
		!strings.Contains(out.String(), "Final ranking (prizes: fixed)\n  1    Fabio Conti  18\n") {
		t.Errorf("a SoL dump: exit %d, stdout %s, stderr %s", code, out.String(), errOut.String())
	}
	for _, c := range []struct{ file, in, want string }{
		{"testdata/tourneyfile/none.json", "", "carrom tourney standings: cannot read testdata/tourneyfile/none.json: no such file or directory\n"},
		{"-", `{"system": "swiss"}`, "carrom tourney standings: missing \"format\" (\"carrom-tourney/2\")\n"},
	} {
		var out, errOut bytes.Buffer
		if code := run([]string{"tourney", "standings", "-f", c.file}, strings.NewReader(c.in), &out, &errOut); code != 1 || errOut.String() != c.want || out.Len() != 0 {
			t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out.String(), errOut.String(), c.want)
		}
	}
}

// TestTourneyChampionship: a tournament file and a SoL dump ranked as one
// championship (testdata/championship.golden.txt, -update rewrites it);
// bad input is refused.
func TestTourneyChampionship(t *testing.T) {
	var out, errOut bytes.Buffer
	args := []string{"tourney", "championship", "-skip", "1", "testdata/tourneyfile/club_night.json", "../../tourney/sol/testdata/club_day.sol"}
	if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	golden.Check(t, filepath.Join("testdata", "championship.golden.txt"), out.Bytes(), *update)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"tourney", "championship"}, 2, "carrom tourney championship: no tournament files given"},
		{[]string{"tourney", "championship", "-skip", "-1", "x.json"}, 2, "carrom tourney championship: invalid value -1 for flag -skip"},
		{[]string{"tourney", "championship", "testdata/tourney/knockout.json"}, 1, `carrom tourney championship: testdata/tourney/knockout.json: missing "format" ("carrom-tourney/2")`},
	} {
		out.Reset()
		errOut.Reset()
		if code := run(c.args, strings.NewReader(""), &out, &errOut); code != c.code || !strings.HasPrefix(errOut.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut.String(), c.code, c.want)
		}
	}
}
