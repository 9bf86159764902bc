// Package physics simulates a carrom stroke: the striker and the coins as
// smooth discs sliding on the board under Coulomb friction, meeting each
// other, the frame and the pockets.
//
// The simulation is event-driven and exact. Between events every disc
// moves on a straight line with constant deceleration μg until it stops,
// a closed form in time, so the simulator finds the time of the next event
// (a contact, a cushion, a pocket, a stop), moves the clock to it, resolves
// it and logs it. There is no time step and no tunnelling at any speed.
// Contact times come from a bracketed root finder on the squared gap, a
// polynomial of degree four; see docs/physics.md for the model, the
// parameters and their calibration.
//
// The results are deterministic to the bit on every platform: products are
// rounded one by one so that no compiler fuses them into FMAs, the only
// function used is math.Sqrt, and ties between simultaneous events are
// broken by a total order (time, kind, i, j).
//
// Typical use places the striker for a shot and simulates it:
//
//	p := physics.Default()
//	sim, _ := physics.NewSimulator(p)
//	r, err := sim.Stroke(pieces, physics.Shot{Base: 0, X: 0, Dir: board.Vec{Y: 1}, Speed: p.MaxSpeed})
//	for _, e := range r.Events { ... } // what happened, for the referee and the renderer
//	r.Final                             // where everything came to rest
//
// A Simulator reuses its buffers: once they have grown, a stroke
// allocates nothing. Give each goroutine its own.
package physics
