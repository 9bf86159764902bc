package main

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/physics/physicstest"
)

func init() {
	register(command{
		name:    "bench",
		summary: "measure a part of the engine: carrom bench physics",
		run:     runBench,
	})
}

// benchTopic is one thing carrom bench can measure; a new topic is one
// more entry in benchTopics.
type benchTopic struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var benchTopics = map[string]benchTopic{
	"physics": {"strokes per second of the simulator: the full break and the mid-game corpus, one core and all", benchPhysics},
	"ai":      {"the computer players: solo clearance, scoring rate, slams, ladder, time per decision", benchAI},
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" {
		w := stderr
		if len(args) > 0 {
			w = stdout
		}
		fmt.Fprintln(w, "usage: carrom bench <topic> [flags]\n\ntopics:")
		names := make([]string, 0, len(benchTopics))
		for n := range benchTopics {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(w, "  %-10s %s\n", n, benchTopics[n].summary)
		}
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	t, ok := benchTopics[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "carrom bench: unknown topic %q\n", args[0])
		return 2
	}
	return t.run(args[1:], stdout, stderr)
}

// workload is a list of strokes measured together.
type workload struct {
	name    string
	strokes []physicstest.Stroke
}

// measurement is what one timed run of a workload gives.
type measurement struct {
	strokes int
	elapsed time.Duration
	events  int
	allocs  uint64
}

func (m measurement) perStroke() time.Duration { return m.elapsed / time.Duration(m.strokes) }
func (m measurement) rate() float64            { return float64(m.strokes) / m.elapsed.Seconds() }

func benchPhysics(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("bench physics", stderr)
	dur := fs.Duration("time", time.Second, "how long to run each measurement")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *dur <= 0 {
		fmt.Fprintln(stderr, "carrom bench physics: takes only -time, a positive duration")
		return 2
	}
	p := physics.Default()
	brk := physicstest.Stroke{Pieces: p.Spec.BreakArrangement(0), Shot: physics.Shot{Seat: 0, Dir: board.Vec{Y: 1}, Speed: p.MaxSpeed}}
	loads := []workload{
		{"break, 19 coins, full power", []physicstest.Stroke{brk}},
		{fmt.Sprintf("mid-game corpus, %d strokes", physicstest.CorpusSize), physicstest.Midgame()},
	}
	cores := runtime.GOMAXPROCS(0)
	fmt.Fprintf(stdout, "carrom bench physics: %s %s/%s, %d cores, %v per measurement\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, cores, *dur)
	fmt.Fprintf(stdout, "%-32s %12s %12s %14s %14s\n", "one core", "µs/stroke", "strokes/s", "events/stroke", "allocs/stroke")
	for _, w := range loads {
		m, err := measure(p, w.strokes, *dur)
		if err != nil {
			fmt.Fprintf(stderr, "carrom bench physics: %s: %v\n", w.name, err)
			return 1
		}
		fmt.Fprintf(stdout, "%-32s %12.2f %12.0f %14.1f %14.3f\n", w.name,
			float64(m.perStroke().Nanoseconds())/1e3, m.rate(), float64(m.events)/float64(m.strokes), float64(m.allocs)/float64(m.strokes))
	}
	fmt.Fprintf(stdout, "%-32s %12s %12s %14s\n", fmt.Sprintf("all %d cores", cores), "strokes/s", "one core", "speed-up")
	for _, w := range loads {
		one, err := parallel(p, w.strokes, 1, *dur)
		if err != nil {
			fmt.Fprintf(stderr, "carrom bench physics: %s: %v\n", w.name, err)
			return 1
		}
		all, err := parallel(p, w.strokes, cores, *dur)
		if err != nil {
			fmt.Fprintf(stderr, "carrom bench physics: %s: %v\n", w.name, err)
			return 1
		}
		fmt.Fprintf(stdout, "%-32s %12.0f %12.0f %13.2f×\n", w.name, all, one, all/one)
	}
	return 0
}

// measure runs the strokes over and over on one simulator for at least
// dur, after one pass to grow its buffers, and counts time, events and
// heap allocations.
func measure(p physics.Params, strokes []physicstest.Stroke, dur time.Duration) (measurement, error) {
	sim, err := physics.NewSimulator(p)
	if err != nil {
		return measurement{}, err
	}
	for _, s := range strokes {
		if _, err := sim.Stroke(s.Pieces, s.Shot); err != nil {
			return measurement{}, err
		}
	}
	var m measurement
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	for time.Since(start) < dur {
		for _, s := range strokes {
			r, _ := sim.Stroke(s.Pieces, s.Shot)
			m.events += len(r.Events)
		}
		m.strokes += len(strokes)
	}
	m.elapsed = time.Since(start)
	runtime.ReadMemStats(&after)
	m.allocs = after.Mallocs - before.Mallocs
	return m, nil
}

// parallel runs the strokes on n goroutines, each with its own simulator,
// for dur, and returns the strokes simulated per second. Each goroutine
// returns when the deadline has passed; parallel waits for all of them.
func parallel(p physics.Params, strokes []physicstest.Stroke, n int, dur time.Duration) (float64, error) {
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
