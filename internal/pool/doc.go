// Package pool pairs the players waiting in one quick-pairing pool, in
// waves, as lichess's pools do: each wave pairs as many of them as it
// can, maximising a weight that prefers small rating gaps and long
// waits, and only within a window of rating gap that widens with the
// wait. It is pure: the waits come in with the seekers, and the same
// seekers give the same pairs, whatever their order.
//
//	pairs := pool.Match(seekers, pool.Default)
//	for _, p := range pairs {
//		start(seekers[p.A], seekers[p.B])
//	}
//
// docs/pairing.md argues the design: the seekers sorted by rating, an
// edge only between seekers within each other's window and at most
// Params.Neighbours apart in that order, and an exact dynamic programme
// for the maximum-weight matching on that banded graph, linear in the
// seekers.
package pool
