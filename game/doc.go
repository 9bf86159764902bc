// Package game is a carrom table in play: the physics and the referee
// joined. A Table holds the pieces at rest, the referee's state and the c/m
// waiting to be placed, and says who acts and what is needed (ToAct). Apply
// validates an action (a strike, a placing, forgoing a placing, a
// concession, a toss, a purchase of a pocket) and returns a new table: a strike is simulated, its
// event log summarised into the referee's Stroke, and the ruling carried out
// on the table (returns, dues and penalties into the placer's hand, the
// queen and other pieces respotted on the centre). An illegal action is an
// error and changes nothing. ApplyOn does the same with the strike
// simulated on the caller's physics.Simulator, whose buffers a server
// reuses from stroke to stroke instead of a fresh simulator's.
//
//	t, _ := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
//	turn := t.ToAct() // seat 0 to strike
//	t, out, err := t.Apply(game.Action{Seat: turn.Seat, Kind: game.Strike,
//		Shot: physics.Shot{X: 0, Dir: board.Vec{Y: 1}, Speed: 5}})
//
// The table adds no execution noise: what a player meant and what his hand
// did are the caller's business, and the executed shot is what Apply gets,
// so that Replay gives the same match bit for bit. Replay is the one loop
// that plays stored actions again; its visitor sees each Step (the table
// before, the action, its outcome, the table after).
package game
