package main

import (
	"bytes"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/physicsbench"
	"github.com/carrom-game/carrom/physics"
)

// TestBenchPhysics checks the figures of carrom bench physics against each
// other and against the simulator: time per stroke and strokes per second
// are one measurement, the events per stroke are what simulating the
// workload gives (the physics is deterministic), the simulator does not
// allocate per stroke, and the speed-up is the quotient of the two rates
// printed beside it. How fast anything runs is not checked: the machine may
// be busy.
func TestBenchPhysics(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"bench", "physics", "-time", "20ms"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("carrom bench physics: exit %d, stderr %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	p := physics.Default()
	loads := physicsbench.Workloads(p)
	if want := 3 + 2*len(loads); len(lines) != want {
		t.Fatalf("carrom bench physics printed %d lines; want %d:\n%s", len(lines), want, out.String())
	}
	if want := fmt.Sprintf(", %d cores,", runtime.GOMAXPROCS(0)); !strings.Contains(lines[0], want) {
		t.Errorf("header %q; want %q", lines[0], want)
	}
	sim, err := physics.NewSimulator(p)
	if err != nil {
		t.Fatal(err)
	}
	one := regexp.MustCompile(`^(.+?)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$`)
	all := regexp.MustCompile(`^(.+?)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)×$`)
	for i, l := range loads {
		f, w := figures(t, one, lines[2+i])
		perStroke, rate, events, allocs := f[1], f[2], f[3], f[4]
		if w[0] != l.Name {
			t.Errorf("one-core row %d is %q; want %q", i, w[0], l.Name)
		}
		// µs/stroke × strokes/s = 10⁶, to the printed precision.
		if got := perStroke * rate; got < 0.99e6 || got > 1.01e6 {
			t.Errorf("%s: %v µs/stroke × %v strokes/s = %v; want 10⁶", l.Name, perStroke, rate, got)
		}
		total := 0
		for _, s := range l.Strokes {
			r, err := sim.Stroke(s.Pieces, s.Shot)
			if err != nil {
				t.Fatal(err)
			}
			total += len(r.Events)
		}
		if want := float64(total) / float64(len(l.Strokes)); !near(events, want, 0.1) {
			t.Errorf("%s: %v events/stroke; simulating the workload gives %.3f", l.Name, events, want)
		}
		if allocs >= 1 {
			t.Errorf("%s: %v allocations per stroke; want none once the simulator's buffers are grown", l.Name, allocs)
		}

		f, w = figures(t, all, lines[3+len(loads)+i])
		allRate, oneRate, speedup := f[1], f[2], f[3]
		if w[0] != l.Name {
			t.Errorf("all-core row %d is %q; want %q", i, w[0], l.Name)
		}
		if allRate <= 0 || oneRate <= 0 || !near(speedup, allRate/oneRate, 0.01+0.01*speedup) {
			t.Errorf("%s: %v strokes/s on all cores, %v on one, speed-up %v×; want positive rates and their quotient", l.Name, allRate, oneRate, speedup)
		}
	}
}

func TestBenchUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "carrom bench: which topic?"},
		{[]string{"chess"}, `carrom bench: unknown topic "chess"`},
		{[]string{"physics", "-time", "0s"}, `carrom bench physics: invalid value "0s" for flag -time`},
		{[]string{"physics", "extra"}, `carrom bench physics: unexpected argument "extra"`},
	} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"bench"}, c.args...), strings.NewReader(""), &out, &errOut); code != 2 || !strings.HasPrefix(errOut.String(), c.want) {
			t.Errorf("carrom bench %v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut.String(), c.want)
		}
	}
}
