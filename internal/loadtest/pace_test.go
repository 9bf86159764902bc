package loadtest

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestThink: without a spread every wait is the interval; with one, each
// is within the interval give or take the spread, and they average the
// interval, so the load's rate is the same.
func TestThink(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		interval := time.Duration(rapid.Int64Range(1, int64(10*time.Second)).Draw(t, "interval"))
		spread := time.Duration(rapid.Int64Range(0, int64(interval)-1).Draw(t, "spread"))
		m := &mover{every: pace{interval, spread}, rng: rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))}
		const n = 4000
		var sum float64
		for range n {
			d := m.think()
			if d < interval-spread || d > interval+spread {
				t.Fatalf("wait %v, want %v ± %v", d, interval, spread)
			}
			sum += float64(d)
		}
		// The mean of n uniform draws is within 5 standard errors of the
		// interval: the spread's width over √(12n), times 5.
		if mean, tol := sum/n, 5*float64(2*spread)/math.Sqrt(12*n); mean < float64(interval)-tol-1 || mean > float64(interval)+tol+1 {
			t.Fatalf("mean wait %v, want %v give or take %v", time.Duration(mean), interval, time.Duration(tol))
		}
	})
}
