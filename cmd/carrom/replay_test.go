package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplay: a committed match record replays to the end with every
// ruling printed; the same record with one shot changed by one bit stops
// at that action with a non-zero exit.
func TestReplay(t *testing.T) {
	name := filepath.Join("..", "..", "record", "testdata", "matches", "icf-beginner-casual.txt")
	var out, errOut bytes.Buffer
	if code := run([]string{"replay", name}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("carrom replay %s: exit %d, stderr %s", name, code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if first := lines[0]; !strings.HasPrefix(first, "1. 0 strike ") || !strings.Contains(first, "B-2") {
		t.Errorf("first line %q; want the break with its ruling", first)
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "replayed bit for bit; result 0-1") {
		t.Errorf("last line %q; want the result", last)
	}

	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	// Action 3's speed, 5, becomes the float just below it.
	tampered := strings.Replace(string(data), "\n3. 1 strike -0.21614999999999995 -0.15349105058529786,0.9881500378941558 5 {", "\n3. 1 strike -0.21614999999999995 -0.15349105058529786,0.9881500378941558 4.999999999999999 {", 1)
	if tampered == string(data) {
		t.Fatal("the line to tamper with is not in the record")
	}
	out.Reset()
	errOut.Reset()
	if code := run([]string{"replay", "-"}, strings.NewReader(tampered), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "action 3") {
		t.Errorf("carrom replay of a tampered record: exit %d, stderr %q; want 1 and action 3 named", code, errOut.String())
	}
	if got := strings.Count(out.String(), "\n"); got != 3 {
		t.Errorf("%d lines printed before the divergence; want 3", got)
	}

	for _, args := range [][]string{{"replay"}, {"replay", "a", "b"}, {"replay", filepath.Join(t.TempDir(), "missing.txt")}} {
		out.Reset()
		errOut.Reset()
		if code := run(args, strings.NewReader(""), &out, &errOut); code == 0 || !strings.HasPrefix(errOut.String(), "carrom replay: ") {
			t.Errorf("carrom %v: exit %d, stderr %q; want an error naming the command", args, code, errOut.String())
		}
	}
}
