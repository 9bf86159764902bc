//go:build amd64 && !amd64.v3

package detmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// In a default amd64 build the standard library's products are not
// fused, and Sin, Cos, Atan, Atan2, Asin and Hypot are the same
// algorithms: the bits must agree, so that code moved onto this package
// decides as it did. Normal must draw what NormFloat64 draws (they part
// only if Exp or Log, in a slow path, round differently by an ulp at a
// float32 boundary).
func TestSameBitsAsStandardLibrary(t *testing.T) {
	for _, f := range functions {
		switch f.name {
		case "Exp", "Log", "Erf":
			continue // assembly, or calls it, on amd64
		}
		r := rand.New(rand.NewPCG(1, 2))
		for range draws {
			x, y := f.in(r)
			if got, want := f.ours(x, y), f.std(x, y); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("%s(%v, %v) = %v; the standard library gives %v", f.name, x, y, got, want)
			}
		}
	}
	a, b := rand.New(rand.NewPCG(9, 10)), rand.New(rand.NewPCG(9, 10))
	for i := range 1000000 {
		if got, want := Normal(a), b.NormFloat64(); got != want {
			t.Fatalf("draw %d: Normal = %v; NormFloat64 = %v", i, got, want)
		}
	}
}
