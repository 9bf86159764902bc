package detmath

import (
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/carrom-game/carrom/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// function is one function of the package, its standard-library
// counterpart, the inputs it is tested on, and how many ulps apart the two
// may be apart (math.Exp is assembly on amd64 and less exact; Erf calls
// it).
type function struct {
	name string
	ours func(x, y float64) float64
	std  func(x, y float64) float64
	ulps float64
	in   func(r *rand.Rand) (x, y float64)
}

// uniform draws from [lo, hi), with the product rounded so that the
// inputs are the same in every build.
func uniform(r *rand.Rand, lo, hi float64) float64 {
	return lo + float64((hi-lo)*r.Float64())
}

func one(f func(float64) float64) func(x, _ float64) float64 {
	return func(x, _ float64) float64 { return f(x) }
}

var functions = []function{
	{"Sin", one(Sin), one(math.Sin), 1, func(r *rand.Rand) (float64, float64) { return uniform(r, -20, 20), 0 }},
	{"Cos", one(Cos), one(math.Cos), 1, func(r *rand.Rand) (float64, float64) { return uniform(r, -20, 20), 0 }},
	{"Atan", one(Atan), one(math.Atan), 1, func(r *rand.Rand) (float64, float64) { return uniform(r, -10, 10), 0 }},
	{"Atan2", Atan2, math.Atan2, 1, func(r *rand.Rand) (float64, float64) { return uniform(r, -2, 2), uniform(r, -2, 2) }},
	{"Asin", one(Asin), one(math.Asin), 1, func(r *rand.Rand) (float64, float64) { return uniform(r, -1, 1), 0 }},
	{"Hypot", Hypot, math.Hypot, 1, func(r *rand.Rand) (float64, float64) { return uniform(r, -3, 3), uniform(r, -3, 3) }},
	{"Exp", one(Exp), one(math.Exp), 2, func(r *rand.Rand) (float64, float64) { return uniform(r, -40, 40), 0 }},
	{"Log", one(Log), one(math.Log), 1, func(r *rand.Rand) (float64, float64) { return uniform(r, 0, 1e3), 0 }},
	{"Erf", one(Erf), one(math.Erf), 2, func(r *rand.Rand) (float64, float64) { return uniform(r, -7, 7), 0 }},
}

// special are inputs every function must meet as the standard library does.
var special = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 0.84375, 1.25, 6, -6, math.Pi, -math.Pi / 2, 1e-300, 1e-310, 700, -740, math.Inf(1), math.Inf(-1), math.NaN()}

const draws = 20000

func ulpsApart(a, b float64) float64 {
	if a == b || math.IsNaN(a) && math.IsNaN(b) {
		return 0
	}
	return math.Abs(a-b) / math.Max(ulp(a), ulp(b))
}

func ulp(x float64) float64 {
	x = math.Abs(x)
	return math.Nextafter(x, math.Inf(1)) - x
}

func TestCloseToStandardLibrary(t *testing.T) {
	for _, f := range functions {
		t.Run(f.name, func(t *testing.T) {
			check := func(x, y float64) {
				if f.name == "Log" && x != 0 && math.Abs(x) < 0x1p-1022 {
					return // amd64's assembly math.Log is wrong on subnormals
				}
				got, want := f.ours(x, y), f.std(x, y)
				if d := ulpsApart(got, want); d > f.ulps || math.Signbit(got) != math.Signbit(want) && got == 0 {
					t.Errorf("%s(%v, %v) = %v; the standard library gives %v (%.1f ulps apart, at most %v)", f.name, x, y, got, want, d, f.ulps)
				}
			}
			for _, x := range special {
				for _, y := range special {
					check(x, y)
				}
			}
			r := rand.New(rand.NewPCG(1, 2))
			for range draws {
				check(f.in(r))
			}
		})
	}
}

// TestNormal checks the draws' first two moments and that a seed gives
// its sequence again.
func TestNormal(t *testing.T) {
	const n = 200000
	r := rand.New(rand.NewPCG(3, 4))
	sum, sq, tail := 0.0, 0.0, 0
	for range n {
		z := Normal(r)
		sum += z
		sq += float64(z * z)
		if math.Abs(z) > rn {
			tail++
		}
	}
	mean, variance := sum/n, sq/n
	if math.Abs(mean) > 0.01 || math.Abs(variance-1) > 0.015 {
		t.Errorf("%d draws: mean %v, variance %v; want 0 and 1", n, mean, variance)
	}
	if tail == 0 {
		t.Errorf("%d draws: none beyond %v; the tail was never drawn", n, rn)
	}
}

// TestGolden pins the bits of every function on a fixed set of inputs,
// and of a run of normal draws: CI runs it in a default build, with
// GOAMD64=v3 and on arm64, and every build must give these bits.
func TestGolden(t *testing.T) {
	var got string
	for _, f := range functions {
		h := sha256.New()
		put := func(x float64) { binary.Write(h, binary.LittleEndian, math.Float64bits(x)) }
		for _, x := range special {
			for _, y := range special {
				put(f.ours(x, y))
			}
		}
		r := rand.New(rand.NewPCG(5, 6))
		for range draws {
			put(f.ours(f.in(r)))
		}
		got += fmt.Sprintf("%s %x\n", f.name, h.Sum(nil))
	}
	h := sha256.New()
	r := rand.New(rand.NewPCG(7, 8))
	for range draws {
		binary.Write(h, binary.LittleEndian, math.Float64bits(Normal(r)))
	}
	got += fmt.Sprintf("Normal %x\n", h.Sum(nil))

	const file = "testdata/golden"
	golden.Check(t, file, []byte(got), *update)
}
