package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestBenchAI(t *testing.T) {
	var out, errw bytes.Buffer
	args := []string{"bench", "ai", "-levels", "beginner,casual", "-clear", "2", "-max", "4", "-slams", "2", "-boards", "1", "-decisions", "2", "-quiet"}
	if code := run(args, nil, &out, &errw); code != 0 {
		t.Fatalf("carrom %s: exit %d; stderr:\n%s", strings.Join(args, " "), code, errw.String())
	}
	for _, want := range []string{"solo clearance", "Carrom_rl", "white slams: casual", "ladder", "beginner v casual", "time per decision", "casual "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("carrom bench ai output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestBenchAIFlags(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "ai", "-clear", "0"},
		{"bench", "ai", "-only", "speed"},
		{"bench", "ai", "-levels", "grandmaster"},
		{"bench", "ai", "extra"},
	} {
		var out, errw bytes.Buffer
		if code := run(args, nil, &out, &errw); code != 2 {
			t.Errorf("carrom %s: exit %d; want 2", strings.Join(args, " "), code)
		}
	}
}
