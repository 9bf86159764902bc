package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/record"
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
	long := `{"stroke": {"white": 1` + strings.Repeat(" ", record.MaxLine) + `}}`
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
