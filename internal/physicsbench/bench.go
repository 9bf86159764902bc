// Package physicsbench measures the simulator of package physics: the
// workloads (the full break and the committed corpus of mid-game strokes)
// and their strokes per second, on one core and on all. The corpus is also
// what the physics tests and benchmarks run.
//
//	err := physicsbench.Report(os.Stdout, physics.Default(), time.Second)
package physicsbench

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// Workload is a list of strokes measured together.
type Workload struct {
	Name    string
	Strokes []Stroke
}

// Workloads are what Report measures: the break from seat 0 at full power,
// then the mid-game corpus.
func Workloads(p physics.Params) []Workload {
	brk := Stroke{Pieces: p.Spec.BreakArrangement(0), Shot: physics.Shot{Base: 0, Dir: board.Vec{Y: 1}, Speed: p.MaxSpeed}}
	return []Workload{
		{"break, 19 coins, full power", []Stroke{brk}},
		{fmt.Sprintf("mid-game corpus, %d strokes", CorpusSize), Midgame()},
	}
}

// Measurement is what one timed run of a workload gives.
type Measurement struct {
	Strokes int
	Elapsed time.Duration
	Events  int
	Allocs  uint64
}

// PerStroke is the mean time of a stroke.
func (m Measurement) PerStroke() time.Duration { return m.Elapsed / time.Duration(m.Strokes) }

// Rate is strokes per second.
func (m Measurement) Rate() float64 { return float64(m.Strokes) / m.Elapsed.Seconds() }

// Report measures every workload for dur on one core, then on one and on
// every core at once, and prints a table of each.
func Report(w io.Writer, p physics.Params, dur time.Duration) error {
	if dur <= 0 {
		return fmt.Errorf("physicsbench: measuring for %v, want a positive duration", dur)
	}
	loads := Workloads(p)
	cores := runtime.GOMAXPROCS(0)
	fmt.Fprintf(w, "carrom bench physics: %s %s/%s, %d cores, %v per measurement\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, cores, dur)
	fmt.Fprintf(w, "%-32s %12s %12s %14s %14s\n", "one core", "µs/stroke", "strokes/s", "events/stroke", "allocs/stroke")
	for _, l := range loads {
		m, err := Measure(p, l.Strokes, dur)
		if err != nil {
			return fmt.Errorf("physicsbench: %s: %w", l.Name, err)
		}
		fmt.Fprintf(w, "%-32s %12.2f %12.0f %14.1f %14.3f\n", l.Name,
			float64(m.PerStroke().Nanoseconds())/1e3, m.Rate(), float64(m.Events)/float64(m.Strokes), float64(m.Allocs)/float64(m.Strokes))
	}
	fmt.Fprintf(w, "%-32s %12s %12s %14s\n", fmt.Sprintf("all %d cores", cores), "strokes/s", "one core", "speed-up")
	for _, l := range loads {
		one, err := Parallel(p, l.Strokes, 1, dur)
		if err != nil {
			return fmt.Errorf("physicsbench: %s: %w", l.Name, err)
		}
		all, err := Parallel(p, l.Strokes, cores, dur)
		if err != nil {
			return fmt.Errorf("physicsbench: %s: %w", l.Name, err)
		}
		fmt.Fprintf(w, "%-32s %12.0f %12.0f %13.2f×\n", l.Name, all, one, all/one)
	}
	return nil
}

// Measure runs the strokes over and over on one simulator for at least
// dur, after one pass to grow its buffers, and counts time, events and
// heap allocations.
func Measure(p physics.Params, strokes []Stroke, dur time.Duration) (Measurement, error) {
	sim, err := physics.NewSimulator(p)
	if err != nil {
		return Measurement{}, err
	}
	for _, s := range strokes {
		if _, err := sim.Stroke(s.Pieces, s.Shot); err != nil {
			return Measurement{}, err
		}
	}
	var m Measurement
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	for time.Since(start) < dur {
		for _, s := range strokes {
			r, _ := sim.Stroke(s.Pieces, s.Shot)
			m.Events += len(r.Events)
		}
		m.Strokes += len(strokes)
	}
	m.Elapsed = time.Since(start)
	runtime.ReadMemStats(&after)
	m.Allocs = after.Mallocs - before.Mallocs
	return m, nil
}

// Parallel runs the strokes on n goroutines, each with its own simulator,
// for dur, and returns the strokes simulated per second. Each goroutine
// returns when the deadline has passed; Parallel waits for all of them.
func Parallel(p physics.Params, strokes []Stroke, n int, dur time.Duration) (float64, error) {
	sims := make([]*physics.Simulator, n)
	for i := range sims {
		s, err := physics.NewSimulator(p)
		if err != nil {
			return 0, err
		}
		sims[i] = s
	}
	counts := make([]int, n)
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(dur)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				for _, s := range strokes {
					sims[i].Stroke(s.Pieces, s.Shot)
				}
				counts[i] += len(strokes)
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, c := range counts {
		total += c
	}
	return float64(total) / time.Since(start).Seconds(), nil
}
