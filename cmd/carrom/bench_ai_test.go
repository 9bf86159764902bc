package main

import (
	"bytes"
	"math"
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

func TestRatioCI(t *testing.T) {
	for _, c := range []struct {
		name        string
		num, den    []float64
		ratio, half float64
	}{
		{"equal units", []float64{8, 9, 10}, []float64{10, 10, 10}, 0.9, 1.96 * math.Sqrt(1.0/300)},
		{"units of different size weigh by size", []float64{9, 10}, []float64{10, 20}, 19.0 / 30, 1.96 * (8.0 / 3) / 15},
		{"one unit has no interval", []float64{3}, []float64{4}, 0.75, math.NaN()},
	} {
		r, h := ratioCI(c.num, c.den)
		if math.Abs(r-c.ratio) > 1e-12 || !(math.Abs(h-c.half) < 1e-12 || math.IsNaN(h) && math.IsNaN(c.half)) {
			t.Errorf("%s: ratioCI = %v ± %v, want %v ± %v", c.name, r, h, c.ratio, c.half)
		}
	}
}
