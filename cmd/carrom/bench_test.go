package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestBenchPhysics(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"bench", "physics", "-time", "20ms"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("carrom bench physics: exit %d, stderr %s", code, errOut.String())
	}
	for _, want := range []string{"µs/stroke", "break", "mid-game", "speed-up", "allocs/stroke"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("carrom bench physics printed\n%s\nwant a line with %q", out.String(), want)
		}
	}
}

func TestBenchUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"chess"}, {"physics", "-time", "0s"}, {"physics", "extra"}} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"bench"}, args...), strings.NewReader(""), &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("carrom bench %v: exit %d, stderr %q; want 2 and a message", args, code, errOut.String())
		}
	}
}
