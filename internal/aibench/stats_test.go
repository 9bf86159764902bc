package aibench

import (
	"math"
	"testing"
)

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

func TestMeanCI(t *testing.T) {
	// Sample variance of {1, 2, 3} is 1, so the half-width is 1.96/√3.
	if m, h := meanCI([]float64{1, 2, 3}); m != 2 || math.Abs(h-1.96/math.Sqrt(3)) > 1e-12 {
		t.Errorf("meanCI(1, 2, 3) = %v ± %v; want 2 ± %v", m, h, 1.96/math.Sqrt(3))
	}
	if m, h := meanCI([]float64{5}); m != 5 || !math.IsNaN(h) {
		t.Errorf("meanCI(5) = %v ± %v; want 5 ± NaN", m, h)
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct{ k, n int }{{0, 10}, {3, 10}, {10, 10}, {57, 200}} {
		lo, hi := wilson(c.k, c.n)
		p := float64(c.k) / float64(c.n)
		if !(0 <= lo && lo <= p && p <= hi && hi <= 1) {
			t.Errorf("wilson(%d, %d) = [%v, %v]; want 0 ≤ lo ≤ %v ≤ hi ≤ 1", c.k, c.n, lo, hi, p)
		}
	}
	// A worked value: 5 of 10 gives 0.5 ± 0.2634.
	if lo, hi := wilson(5, 10); math.Abs(lo-0.2366) > 1e-4 || math.Abs(hi-0.7634) > 1e-4 {
		t.Errorf("wilson(5, 10) = [%.4f, %.4f]; want [0.2366, 0.7634]", lo, hi)
	}
	if lo, hi := wilson(0, 0); lo != 0 || hi != 1 {
		t.Errorf("wilson(0, 0) = [%v, %v]; want [0, 1]", lo, hi)
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{{[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}, {[]float64{7}, 7}} {
		if got := median(c.xs); got != c.want {
			t.Errorf("median(%v) = %v; want %v", c.xs, got, c.want)
		}
	}
}

// The head-to-head share is 50 % between equals at any number of players
// (one in players wins), is the share itself with two, and rises with it.
func TestHeadToHead(t *testing.T) {
	for _, c := range []struct {
		share   float64
		players int
		want    float64
	}{
		{0.5, 2, 0.5}, {0.7, 2, 0.7}, {1.0 / 3, 3, 0.5}, {0.25, 4, 0.5},
		{0.5, 3, 2.0 / 3}, {0, 3, 0}, {1, 3, 1}, {0.6, 4, 0.6 / (0.6 + 0.4/3)},
	} {
		if got := headToHead(c.share, c.players); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("headToHead(%v, %d) = %v; want %v", c.share, c.players, got, c.want)
		}
	}
	for s := 0.0; s < 1; s += 0.01 {
		if headToHead(s, 3) >= headToHead(s+0.01, 3) {
			t.Errorf("headToHead(%v, 3) ≥ headToHead(%v, 3); want it rising", s, s+0.01)
		}
	}
}
