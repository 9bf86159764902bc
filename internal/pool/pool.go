package pool

import (
	"cmp"
	"slices"
	"time"
)

// Seeker is a player waiting in a pool.
type Seeker struct {
	// ID tells seekers apart and orders those of the same rating; the
	// seekers of one wave have different IDs.
	ID     string
	Rating int
	Wait   time.Duration // since he joined the pool
}

// Params are a pool's rules.
type Params struct {
	// A seeker's window of acceptable rating gap is Base wide when he
	// joins, Widen more for each second he waits, and Max at most; a
	// pair's window is the mean of its two seekers'.
	Base, Widen, Max int
	// Bonus is the weight a seeker adds to any pair of his for each
	// second he has waited, up to BonusCap seconds: of two pairings
	// alike, the one that serves the longer waiters wins.
	Bonus    int
	BonusCap time.Duration
	// Neighbours is how far apart in rating order two seekers may be
	// and still be paired (the matching's band): 1 to 12.
	Neighbours int
}

// Default are the rules of the server's pools (docs/pairing.md).
var Default = Params{Base: 100, Widen: 25, Max: 1000, Bonus: 5, BonusCap: 2 * time.Minute, Neighbours: 6}

// Pair is two seekers paired, by their index in the wave's slice.
type Pair struct{ A, B int }

// Window is a seeker's window of acceptable rating gap after his wait.
func (p Params) Window(wait time.Duration) int {
	return min(p.Max, p.Base+int(int64(p.Widen)*int64(wait/time.Millisecond)/1000))
}

// Acceptable says whether a and b may be paired: their rating gap is
// within the mean of their windows.
func (p Params) Acceptable(a, b Seeker) bool {
	return gap(a, b)*2 <= p.Window(a.Wait)+p.Window(b.Wait)
}

// Weight is what pairing a and b is worth: always positive for an
// acceptable pair, less for a wider gap, more for longer waits.
func (p Params) Weight(a, b Seeker) int64 {
	return int64(p.Max+1-gap(a, b)) + p.bonus(a.Wait) + p.bonus(b.Wait)
}

func (p Params) bonus(wait time.Duration) int64 {
	return int64(p.Bonus) * int64(min(wait, p.BonusCap)/time.Second)
}

func gap(a, b Seeker) int {
	if a.Rating > b.Rating {
		return a.Rating - b.Rating
	}
	return b.Rating - a.Rating
}

// maxNeighbours bounds Params.Neighbours: the programme's states are
// 2^Neighbours.
const maxNeighbours = 12

// Match pairs one wave of seekers: of the matchings whose pairs are
// acceptable and at most Neighbours apart in the order of rating (then
// ID), one of greatest total weight. Each pair is given lower rating
// first, the pairs in rating order. No seeker is in two pairs; the same
// seekers, in any order, give the same pairs of IDs.
func Match(seekers []Seeker, p Params) []Pair {
	k := min(max(p.Neighbours, 1), maxNeighbours)
	n := len(seekers)
	if n < 2 {
		return nil
	}
	order := ratingOrder(seekers)
	// The programme runs along the rating order. Its state before seeker
	// i is which of the k seekers before him are still free (bit j: seeker
	// i-1-j); seeker i either stays free or is paired with one of those.
	// A seeker who leaves the band is unpaired for good. best is the
	// greatest weight of each state so far; from and how remember, for
	// each seeker and state reached, the state it came from and the
	// choice (-1: free; j: paired with i-1-j), for the way back.
	states := 1 << k
	full := uint16(states - 1)
	const none = int64(-1) << 62
	best, next := make([]int64, states), make([]int64, states)
	for m := range best {
		best[m] = none
	}
	best[0] = 0
	from := make([]uint16, n*states)
	how := make([]int8, n*states)
	for i := range n {
		for m := range next {
			next[m] = none
		}
		s := seekers[order[i]]
		// The weights of the pairs with the seekers before, none if
		// unacceptable.
		var w [maxNeighbours]int64
		for j := 0; j < k && j < i; j++ {
			o := seekers[order[i-1-j]]
			w[j] = none
			if p.Acceptable(o, s) {
				w[j] = p.Weight(o, s)
			}
		}
		row := i * states
		for m, v := range best {
			if v == none {
				continue
			}
			mask := uint16(m)
			to := (mask<<1 | 1) & full
			if v > next[to] {
				next[to], from[row+int(to)], how[row+int(to)] = v, mask, -1
			}
			for j := 0; j < k && j < i; j++ {
				if mask&(1<<j) == 0 || w[j] == none {
					continue
				}
				to := (mask &^ (1 << j) << 1) & full
				if v+w[j] > next[to] {
					next[to], from[row+int(to)], how[row+int(to)] = v+w[j], mask, int8(j)
				}
			}
		}
		best, next = next, best
	}
	return walkBack(order, best, from, how)
}

// ratingOrder is the seekers' indices in the order of rating, then ID.
func ratingOrder(seekers []Seeker) []int {
	order := make([]int, len(seekers))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(seekers[a].Rating, seekers[b].Rating), cmp.Compare(seekers[a].ID, seekers[b].ID))
	})
	return order
}

// walkBack reads the pairs of the programme's best end state back to
// its start: best holds the weights of the states after the last
// seeker, from and how each seeker's (by state) in rows of len(best).
func walkBack(order []int, best []int64, from []uint16, how []int8) []Pair {
	states := len(best)
	end := 0
	for m, v := range best {
		if v > best[end] {
			end = m
		}
	}
	var pairs []Pair
	mask := uint16(end)
	for i := len(order) - 1; i >= 0; i-- {
		row := i * states
		if j := how[row+int(mask)]; j >= 0 {
			pairs = append(pairs, Pair{A: order[i-1-int(j)], B: order[i]})
		}
		mask = from[row+int(mask)]
	}
	slices.Reverse(pairs)
	return pairs
}
