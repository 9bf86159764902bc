package tourney

import (
	"fmt"
	"testing"
)

// BenchmarkSwiss pairs round 6 of a 1,000- and a 10,000-player Swiss
// generated with five rounds played, by each method, and by dazed with the
// exact engine answering alone (exact-dazed).
func BenchmarkSwiss(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, m := range Methods {
			req, err := Generate(1, n, 5, m)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%d", m, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := Swiss(&req.Tournament, req.Options); err != nil {
						b.Fatal(err)
					}
				}
			})
			if m == Dazed {
				b.Run(fmt.Sprintf("exact-%s/%d", m, n), func(b *testing.B) {
					opts := req.Options
					opts.MaxSteps = 1
					for b.Loop() {
						if _, err := Swiss(&req.Tournament, opts); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
