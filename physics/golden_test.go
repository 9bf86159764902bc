package physics_test

import (
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/internal/golden"
	"github.com/carrom-game/carrom/physics"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// fullBreak is the break at full power, straight at the arrangement.
func fullBreak(p physics.Params) (physics.State, error) {
	return physics.Place(p, p.Spec.BreakArrangement(0), physics.Shot{Base: 0, Dir: board.Vec{Y: 1}, Speed: p.MaxSpeed})
}

// digest hashes the bits of every figure of a result, so that the golden
// file detects any change, to the last bit, on any platform.
func digest(r physics.Result) string {
	h := sha256.New()
	put := func(x float64) { binary.Write(h, binary.LittleEndian, math.Float64bits(x)) }
	for _, d := range r.Final.Discs {
		fmt.Fprintf(h, "%s %v %v %d ", d.ID, d.Kind, d.Pocketed, d.Pocket)
		put(d.Pos.X)
		put(d.Pos.Y)
	}
	for _, e := range r.Events {
		fmt.Fprintf(h, "%v %d %d ", e.Kind, e.I, e.J)
		for _, x := range []float64{e.T, e.A.Pos.X, e.A.Pos.Y, e.A.Vel.X, e.A.Vel.Y, e.B.Pos.X, e.B.Pos.Y, e.B.Vel.X, e.B.Vel.Y} {
			put(x)
		}
	}
	put(r.Time)
	return fmt.Sprintf("%x", h.Sum(nil))
}

// TestGoldenBreak pins the full break, bit for bit. It must pass on every
// platform and with GOAMD64=v3, where Go could fuse products into FMAs.
func TestGoldenBreak(t *testing.T) {
	p := physics.Default()
	s, err := fullBreak(p)
	if err != nil {
		t.Fatal(err)
	}
	r := simulate(t, p, s)
	var pocketed []string
	for _, d := range r.Final.Discs {
		if d.Pocketed {
			pocketed = append(pocketed, fmt.Sprintf("%s→%d", d.ID, d.Pocket))
		}
	}
	got := fmt.Sprintf("sha256 %s\nevents %d\ntime %.17g\npocketed %s\n", digest(r), len(r.Events), r.Time, strings.Join(pocketed, " "))
	const file = "testdata/break.golden"
	golden.Check(t, file, []byte(got), *update)
	// The same input gives the same output, also from a reused simulator,
	// and a clone outlives the simulator's next stroke.
	sim, _ := physics.NewSimulator(p)
	for k := range 2 {
		again, err := sim.Simulate(s)
		if err != nil {
			t.Fatal(err)
		}
		if d := digest(again); d != digest(r) {
			t.Errorf("run %d: digest %s; want %s", k+2, d, digest(r))
		}
		if k == 0 {
			kept := again.Clone()
			if _, err := sim.Stroke(nil, physics.Shot{Dir: board.Vec{X: 1, Y: 1}, Speed: 1}); err != nil {
				t.Fatal(err)
			}
			if d := digest(kept); d != digest(r) {
				t.Errorf("clone after another stroke: digest %s; want %s", d, digest(r))
			}
		}
	}
}
