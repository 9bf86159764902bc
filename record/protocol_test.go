package record

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// seedLines adds every input line of the command's golden scenarios
// (cmd/carrom/testdata) to a fuzz corpus.
func seedLines(f *testing.F, dir string) {
	names, err := filepath.Glob(filepath.Join("..", "cmd", "carrom", "testdata", dir, "*.in.jsonl"))
	if err != nil || len(names) == 0 {
		f.Fatalf("no inputs in cmd/carrom/testdata/%s: %v", dir, err)
	}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			f.Add(line)
		}
	}
}

// FuzzRefereeLine feeds any bytes to the referee: it never panics, always
// answers with one JSON object, and a rejected line changes nothing.
func FuzzRefereeLine(f *testing.F) {
	seedLines(f, "referee")
	start, _ := rules.NewMatch(rules.ICF(), 2)
	warm, _ := RefereeLine(start, []byte(`{"stroke": {"white": 1}}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, m := range []rules.Match{start, warm} {
			next, reply := RefereeLine(m, line)
			var got map[string]any
			if err := json.Unmarshal(reply, &got); err != nil {
				t.Fatalf("reply %q is not JSON: %v", reply, err)
			}
			if bytes.ContainsRune(reply, '\n') {
				t.Fatalf("reply spans lines: %q", reply)
			}
			if _, rejected := got["error"]; rejected && next != m {
				t.Fatalf("rejected line %q changed the match", line)
			}
		}
	})
}

// FuzzVariantLine feeds any bytes to the referee of every variant without
// colours: it never panics, always answers one JSON line, and a rejected
// line changes nothing.
func FuzzVariantLine(f *testing.F) {
	seedLines(f, "referee")
	f.Add([]byte(`{"buy": {"pocket": 1, "white": 2, "black": 1}}`))
	var starts []rules.Colourless
	for _, v := range []rules.Variant{rules.PointCarrom(), rules.ThreePlayers(), rules.BuyingPockets()} {
		lo, _ := v.Seats()
		g, err := rules.NewColourless(v, lo)
		if err != nil {
			f.Fatal(err)
		}
		warm, _ := VariantLine(g, []byte(`{"stroke": {"white": 2, "black": 1}}`))
		starts = append(starts, g, warm)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, g := range starts {
			next, reply := VariantLine(g, line)
			var got map[string]any
			if err := json.Unmarshal(reply, &got); err != nil {
				t.Fatalf("reply %q is not JSON: %v", reply, err)
			}
			if bytes.ContainsRune(reply, '\n') {
				t.Fatalf("reply spans lines: %q", reply)
			}
			if _, rejected := got["error"]; rejected && next != g {
				t.Fatalf("rejected line %q changed the %s board", line, g.Variant.Name())
			}
		}
	})
}

// FuzzSimLine feeds any bytes to the line decoder and the simulator: they
// never panic and always answer one JSON object, a stroke or an error.
func FuzzSimLine(f *testing.F) {
	seedLines(f, "sim")
	sim, err := physics.NewSimulator(physics.Default())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		reply := SimLine(sim, line)
		var out map[string]json.RawMessage
		if err := json.Unmarshal(reply, &out); err != nil {
			t.Fatalf("reply %q is not a JSON object: %v", reply, err)
		}
		_, isErr := out["error"]
		_, isStroke := out["striker"]
		if isErr == isStroke {
			t.Fatalf("reply %q: want exactly one of an error and a stroke", reply)
		}
	})
}

// TestStrictDecoding: names match exactly and once, and nothing unknown
// passes, in both protocols; each error says what is wrong in the
// protocol's words (RULES aside, this is the contract of carrom referee
// and carrom sim).
func TestStrictDecoding(t *testing.T) {
	start, _ := rules.NewMatch(rules.ICF(), 2)
	for _, c := range []struct{ line, want string }{
		{`{"Stroke": {"white": 1}}`, `referee: unknown field "Stroke"`},
		{`{"stroke": {"White": 1}}`, `referee: unknown field "White" in "stroke"`},
		{`{"stroke": {"white": 1, "white": 2}}`, `referee: "white" given twice in "stroke"`},
		{`{"stroke": {"white": 1.5}}`, `referee: "stroke/white" is 1.5, want an integer`},
		{`[]`, `referee: an array, want a JSON object`},
		{`{"void": "nope"}`, `rules: void by "nope" (want ST-3 or T-4): unknown rule for voiding a board`},
	} {
		next, reply := RefereeLine(start, []byte(c.line))
		var got struct{ Error string }
		if err := json.Unmarshal(reply, &got); err != nil || got.Error != c.want || next != start {
			t.Errorf("RefereeLine(%s) error %q; want %q and no change", c.line, got.Error, c.want)
		}
	}
	sim, err := physics.NewSimulator(physics.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{`{"shot": {"x": 0, "angle": 90, "speed": 1}, "note": 1}`, `sim: unknown field "note"`},
		{`{"shot": {"x": 0, "dir": [0, 1, 2], "speed": 1}}`, `sim: "shot/dir" is a list of another length, want a list of 2`},
		{`{"shot": {"x": 0, "Angle": 90, "speed": 1}}`, `sim: unknown field "Angle" in "shot"`},
		{`{"shot": {"x": 0, "dir": [1, 1e308], "speed": 1}, "seat": 0, "seat": 1}`, `sim: "seat" given twice`},
		{`{"shot": {"x": 0, "dir": [0, 0], "speed": 1}}`, `sim: direction (0, 0): no direction`},
	} {
		var got struct{ Error string }
		if err := json.Unmarshal(SimLine(sim, []byte(c.line)), &got); err != nil || got.Error != c.want {
			t.Errorf("SimLine(%s) error %q; want %q", c.line, got.Error, c.want)
		}
	}
}

// TestReadmeStroke: the stroke of the README gives the time the README's
// readers can check, from an angle or from the vector it stands for.
func TestReadmeStroke(t *testing.T) {
	sim, err := physics.NewSimulator(physics.Default())
	if err != nil {
		t.Fatal(err)
	}
	byAngle := SimLine(sim, []byte(`{"shot": {"x": 0.0, "angle": 90, "speed": 4.0}}`))
	byDir := SimLine(sim, []byte(`{"shot": {"x": 0.0, "dir": [0, 1], "speed": 4.0}}`))
	if !bytes.Equal(byAngle, byDir) || !strings.Contains(string(byAngle), `"time":1.3343611468272836`) {
		t.Errorf("the README stroke by angle:\n%s\nby direction:\n%s\nwant the same, ending at t = 1.3343611468272836", byAngle, byDir)
	}
}
