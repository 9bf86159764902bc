package physics_test

import (
	"testing"

	"github.com/carrom-game/carrom/internal/physicsbench"
	"github.com/carrom-game/carrom/physics"
)

func benchStrokes(b *testing.B, strokes []physicsbench.Stroke) {
	p := physics.Default()
	sim, err := physics.NewSimulator(p)
	if err != nil {
		b.Fatal(err)
	}
	events := 0
	for _, s := range strokes { // grow the buffers before timing
		if _, err := sim.Stroke(s.Pieces, s.Shot); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		s := strokes[n%len(strokes)]
		r, _ := sim.Stroke(s.Pieces, s.Shot)
		events += len(r.Events)
		n++
	}
	b.ReportMetric(float64(events)/float64(n), "events/stroke")
}

// BenchmarkBreak: the full 19-coin break at full power, on one core.
func BenchmarkBreak(b *testing.B) {
	p := physics.Default()
	s, _ := fullBreak(p)
	pieces := p.Spec.BreakArrangement(0)
	benchStrokes(b, []physicsbench.Stroke{{Pieces: pieces, Shot: physics.Shot{Dir: s.Discs[len(s.Discs)-1].Vel, Speed: p.MaxSpeed}}})
}

// BenchmarkMidgame: the committed corpus of mid-game strokes, one stroke
// per iteration, on one core.
func BenchmarkMidgame(b *testing.B) { benchStrokes(b, physicsbench.Midgame()) }

// BenchmarkMidgameParallel: the corpus on every core, a simulator per
// goroutine; compare its ns/op with BenchmarkMidgame's for the speed-up.
func BenchmarkMidgameParallel(b *testing.B) {
	strokes := physicsbench.Midgame()
	p := physics.Default()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		sim, err := physics.NewSimulator(p)
		if err != nil {
			b.Error(err)
			return
		}
		n := 0
		for pb.Next() {
			s := strokes[n%len(strokes)]
			sim.Stroke(s.Pieces, s.Shot)
			n++
		}
	})
}
