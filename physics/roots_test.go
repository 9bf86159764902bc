package physics

import (
	"math"
	"testing"
)

// fromRoots builds k·∏(x - r) for up to four roots.
func fromRoots(k float64, roots ...float64) poly {
	p := poly{k}
	for _, r := range roots {
		var q poly
		for i := 0; i < 4; i++ {
			q[i+1] += p[i]
			q[i] -= r * p[i]
		}
		p = q
	}
	return p
}

// TestFirstContactGroundTruth: polynomials with known roots, including
// double roots (grazing) and roots beyond the window.
func TestFirstContactGroundTruth(t *testing.T) {
	tests := []struct {
		name   string
		f      poly
		h      float64
		want   float64
		wantOK bool
	}{
		{"simple crossing", fromRoots(1, 0.3, 0.7), 1, 0.3, true},
		{"crossing at the window's end", fromRoots(1, 0.5, 2), 0.5, 0.5, true},
		{"root beyond the window", fromRoots(1, 1.5, 2), 1, 0, false},
		{"quartic, four roots", fromRoots(1, 0.1, 0.2, 0.6, 0.9), 1, 0.1, true},
		{"quartic, first pair before the window", fromRoots(1, -0.4, -0.2, 0.6, 0.9), 1, 0.6, true},
		{"double root: grazing touch", fromRoots(1, 0.4, 0.4), 1, 0.4, true},
		{"double root then a crossing", fromRoots(1, 0.25, 0.25, 0.75, 2), 1, 0.25, true},
		{"near miss: minimum just above zero", func() poly { f := fromRoots(1, 0.4, 0.4); f[0] += 1e-15; return f }(), 1, 0, false},
		{"near graze: minimum just below zero", func() poly { f := fromRoots(1, 0.4, 0.4); f[0] -= 1e-15; return f }(), 1, 0.4 - math.Sqrt(1e-15), true},
		{"rising through zero is not a contact", fromRoots(-1, 0.5, 2), 1, 0, false},
		{"overlapping and approaching: immediate", poly{-1e-6, -1, 1}, 1, 0, true},
		{"touching and approaching: immediate", poly{0, -1, 1}, 1, 0, true},
		{"touching and parting", poly{0, 1, 1}, 1, 0, false},
		{"touching, parting, then meeting again", fromRoots(-1, 0, 0.5), 1, 0.5, true},
		{"touching, pressed together by friction", poly{0, 0, -1}, 1, 0, true},
		{"tiny window", fromRoots(1, 1e-9, 1), 2e-9, 1e-9, true},
		{"a root of 1e-12 s", fromRoots(1, 1e-12, 3), 1, 1e-12, true},
	}
	for _, tt := range tests {
		got, ok := tt.f.firstContact(tt.h, false)
		if ok != tt.wantOK || (ok && math.Abs(got-tt.want) > 1e-9*math.Max(1, tt.want)) {
			t.Errorf("%s: firstContact(%v, %v) = %v, %v; want %v, %v", tt.name, tt.f, tt.h, got, ok, tt.want, tt.wantOK)
		}
	}
}

// TestFirstContactStrict: a pair just resolved against each other is not
// given the same contact again at τ = 0, but a later one still counts.
func TestFirstContactStrict(t *testing.T) {
	if got, ok := (&poly{0, -1e-18, 1}).firstContact(1, true); ok {
		t.Errorf("strict, touching at τ=0: firstContact = %v, true; want none", got)
	}
	f := fromRoots(-1, 0, 0.5)
	if got, ok := f.firstContact(1, true); !ok || math.Abs(got-0.5) > 1e-12 {
		t.Errorf("strict, parting then meeting at 0.5: firstContact = %v, %v; want 0.5, true", got, ok)
	}
}

// TestRefineConverges: the safeguarded Newton iteration lands on the root
// to the tolerance, also on a flat double-root-like crossing.
func TestRefineConverges(t *testing.T) {
	tests := []struct {
		f      poly
		lo, hi float64
		want   float64
	}{
		{fromRoots(1, 0.3, 0.7), 0, 0.5, 0.3},
		{fromRoots(1, 1.0/3, 1.0/3, 1.0/3), 0, 1, 1.0 / 3}, // triple root: Newton slows, bisection carries on
		{fromRoots(-2, 0.123456789), 0, 1, 0.123456789},
		{poly{-1, 0, 0, 0, 1}, 0, 2, 1},
	}
	for _, tt := range tests {
		got := tt.f.refine(tt.lo, tt.hi)
		if math.Abs(got-tt.want) > 1e-5 {
			t.Errorf("refine(%v, %v, %v) = %v; want %v", tt.f, tt.lo, tt.hi, got, tt.want)
		}
		if v, _ := tt.f.eval(got); math.Abs(v) > 1e-12 {
			t.Errorf("refine(%v) = %v where f = %v; want f ≈ 0", tt.f, got, v)
		}
	}
}

func TestQuadRoots(t *testing.T) {
	tests := []struct {
		a, b, c float64
		want    []float64
	}{
		{1, -3, 2, []float64{1, 2}},
		{1, 0, -4, []float64{-2, 2}},
		{0, 2, -1, []float64{0.5}},
		{1, 0, 1, nil},
		{1, -2, 1, []float64{1, 1}},
		{1, -1e8, 1, []float64{1e-8, 1e8}}, // the small root without cancellation
	}
	for _, tt := range tests {
		r, n := quadRoots(tt.a, tt.b, tt.c)
		if n != len(tt.want) {
			t.Errorf("quadRoots(%v, %v, %v) = %v; want %v", tt.a, tt.b, tt.c, r[:n], tt.want)
			continue
		}
		for i := range tt.want {
			if math.Abs(r[i]-tt.want[i]) > 1e-15*math.Max(1, math.Abs(tt.want[i])) {
				t.Errorf("quadRoots(%v, %v, %v) = %v; want %v", tt.a, tt.b, tt.c, r[:n], tt.want)
			}
		}
	}
}
