// Package ai holds the computer players. Every player meets one small
// interface, Player: given a table, the action for the seat to act (a
// stroke, or the placing of a due or penalty). The searching player,
// Computer, comes in levels (Levels): a level is a search budget and an
// execution-noise model, the Gaussian errors of its hand.
//
// The table is exact; the noise is added by whoever runs the match (Play,
// or Clear for the solo benchmark), and the player plans with the same
// noise, sampling it, as a human allows for his own unsteadiness:
//
//	l, _ := ai.LevelByName("expert")
//	t, _ := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
//	players := []ai.Player{ai.New(l, 0, 1), ai.New(l, 0, 2)}
//	t, rec, err := ai.Play(ctx, t, players, []ai.Noise{l.Noise, l.Noise}, 3, nil)
//
// The search lists geometric candidates (direct cuts with the ghost-ball aim
// into every pocket, rebounds off the frame, combinations through a second
// coin, safety touches; at the break, power shots into the arrangement) and,
// for the expert, the shots a fan of exact simulations finds (the sweep,
// finer with four pieces or fewer, where the expert also samples more),
// simulates each once with the real physics and has the real referee rule on
// it (the expert: under a few draws of its noise), then simulates the most
// promising under several noise samples. A
// sample is scored by what the referee says (own and opponent's c/m
// pocketed or returned, the queen and its cover, dues, keeping the turn, the
// end of the board) and by the position it leaves: the best simple shot for
// the player if he keeps the turn, for the opponent if not. Samples run on
// one goroutine per core, each with its own simulator; results land in
// fixed slots, so a seed gives the same choice on any number of cores.
//
// Computer.Advise is the coach: the ranked shots with their success
// probabilities. docs/ai.md gives the levels and the measured figures.
package ai
