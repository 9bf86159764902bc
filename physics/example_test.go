package physics_test

import (
	"fmt"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
)

// The break: the striker at full power straight at the arrangement.
func ExampleSimulator_Stroke() {
	p := physics.Default()
	sim, err := physics.NewSimulator(p)
	if err != nil {
		panic(err)
	}
	r, err := sim.Stroke(p.Spec.BreakArrangement(0), physics.Shot{Base: 0, X: 0, Dir: board.Vec{Y: 1}, Speed: p.MaxSpeed})
	if err != nil {
		panic(err)
	}
	first := r.Events[0]
	fmt.Printf("first event: %v of %s and %s at %.4f s\n", first.Kind, r.Final.Discs[first.I].ID, r.Final.Discs[first.J].ID, first.T)
	for _, d := range r.Final.Discs {
		if d.Pocketed {
			fmt.Printf("%s fell into pocket %d\n", d.ID, d.Pocket)
		}
	}
	fmt.Printf("all still after %.2f s\n", r.Time)
	// Output:
	// first event: contact of w7 and s at 0.0306 s
	// w8 fell into pocket 0
	// all still after 1.38 s
}

// An illegal striker position is an error, not a stroke (RULES ST-2).
func ExamplePlace() {
	p := physics.Default()
	_, err := physics.Place(p, nil, physics.Shot{Base: 0, X: 0.2, Dir: board.Vec{Y: 1}, Speed: 1})
	fmt.Println(err)
	// Output:
	// board: striker at 0.2000 m: striker partly covers a base circle at 0.2208 m
}

// A renderer places every disc at any instant from the log, in closed form.
func ExampleParams_At() {
	p := physics.Default()
	start := physics.State{Discs: []physics.Disc{
		{ID: "s", Kind: board.Striker, Pos: board.Vec{X: -0.2}, Vel: board.Vec{X: 2}},
		{ID: "w1", Kind: board.White},
	}}
	r, err := physics.Simulate(p, start)
	if err != nil {
		panic(err)
	}
	for _, t := range []float64{0, 0.05, 0.2, r.Time} {
		s := p.At(start, r.Events, t)
		fmt.Printf("t=%.2f s: striker x=%.4f m, w1 x=%.4f m\n", t, s.Discs[0].Pos.X, s.Discs[1].Pos.X)
	}
	// Output:
	// t=0.00 s: striker x=-0.2000 m, w1 x=0.0000 m
	// t=0.05 s: striker x=-0.1015 m, w1 x=0.0000 m
	// t=0.20 s: striker x=0.0698 m, w1 x=0.2831 m
	// t=0.98 s: striker x=0.0430 m, w1 x=0.1402 m
}
