package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/rules"
)

// TestRefereeGolden drives carrom referee end to end on the scenarios in
// testdata/referee: one output line per input line, exit 0 at the end.
func TestRefereeGolden(t *testing.T) { runGolden(t, "referee", "testdata/referee") }

func TestRefereeFlags(t *testing.T) {
	for _, args := range [][]string{{"-rules", "chess"}, {"-players", "3"}, {"-rules", "three", "-players", "4"}, {"-rules", "point", "-players", "5"}, {"-bogus"}} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"referee"}, args...), strings.NewReader(""), &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("carrom referee %v: exit %d, stderr %q; want 2 and a message", args, code, errOut.String())
		}
	}
}

func TestRefereeLongLine(t *testing.T) {
	long := `{"stroke": {"white": 1` + strings.Repeat(" ", maxLine) + `}}`
	input := long + "\n" + `{"stroke": {"white": 1}}` + "\n"
	var out, errOut bytes.Buffer
	if code := run([]string{"referee"}, strings.NewReader(input), &out, &errOut); code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "longer than") || strings.Contains(lines[1], "error") {
		t.Errorf("a too-long line then a good one: replies %q; want an error then a state", lines)
	}
}

// FuzzRefereeLine feeds any bytes to the referee: it never panics, always
// answers with one JSON object, and a rejected line changes nothing.
func FuzzRefereeLine(f *testing.F) {
	for _, in := range []string{"icf_board", "errors", "family", "doubles"} {
		data, err := readFileErr("testdata/referee/" + in + ".in.jsonl")
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			f.Add(sc.Bytes())
		}
	}
	start, _ := rules.NewMatch(rules.ICF(), 2)
	warm, _ := refereeLine(start, []byte(`{"stroke": {"white": 1}}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, m := range []rules.Match{start, warm} {
			next, reply := refereeLine(m, line)
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
