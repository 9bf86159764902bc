package tourney

import (
	"fmt"
	"slices"
)

// RoundRobin pairs round len(t.Rounds)+1 of an "all against all" by the
// circle method over the players in their listed order: with a phantom when
// their number is odd, the first player stays, the others turn one place a
// round. A withdrawn player's opponent meets the phantom instead.
func RoundRobin(t *Tournament) ([]Pairing, error) {
	ids := make([]int, len(t.Players))
	for i := range ids {
		ids[i] = i
	}
	if len(ids)%2 == 1 {
		ids = append(ids, -1)
	}
	n := len(ids)
	if n < 2 {
		return nil, fmt.Errorf("%d players: a round robin needs at least 2", len(t.Players))
	}
	r := len(t.Rounds)
	if r >= n-1 {
		return nil, fmt.Errorf("the round robin is over: %d players play %d rounds", len(t.Players), n-1)
	}
	at := func(k int) int { // the player at place k of the circle in round r
		if k == 0 {
			return ids[0]
		}
		return ids[1+(k-1+r)%(n-1)]
	}
	var matches [][2]int
	for k := range n / 2 {
		a, b := at(k), at(n-1-k)
		if a >= 0 && t.Players[a].Withdrawn {
			a = -1
		}
		if b >= 0 && t.Players[b].Withdrawn {
			b = -1
		}
		if a < 0 {
			a, b = b, a
		}
		if a >= 0 {
			matches = append(matches, [2]int{a, b})
		}
	}
	h := newHistory(t)
	return h.number(matches), nil
}

// Bracket is the first round of a knockout of n players by seed (1 the
// best), in bracket order: size, the power of two at or above n, places
// seed s against seed size+1-s in the standard order (1 v 16, 8 v 9, 4 v
// 13…), so that 1 and 2 can only meet in the final; a seed above n is a
// bye, given 0, and the byes go to the top seeds.
func Bracket(n int) [][2]int {
	order := []int{1}
	for len(order) < n {
		next := make([]int, 0, 2*len(order))
		for _, s := range order {
			next = append(next, s, 2*len(order)+1-s)
		}
		order = next
	}
	out := make([][2]int, 0, len(order)/2)
	for k := 0; k+1 < len(order); k += 2 {
		a, b := order[k], order[k+1]
		if b > n {
			b = 0
		}
		out = append(out, [2]int{a, b})
	}
	return out
}

// Knockout pairs the next round of a knockout whose seeds (ids, best
// first) are every player once: the first round is Bracket's, each next one
// the winners of consecutive matches of the one before. Round k of t must
// hold the matches the bracket asks for; a bye's match is {a, null}.
func Knockout(t *Tournament, seeds []string) ([]Pairing, error) {
	idx := t.index()
	if len(seeds) != len(t.Players) {
		return nil, fmt.Errorf("seeds: %d ids for %d players; want every player once", len(seeds), len(t.Players))
	}
	seen := map[string]bool{}
	for _, id := range seeds {
		if _, ok := idx[id]; !ok {
			return nil, fmt.Errorf("seeds: unknown player %q", id)
		}
		if seen[id] {
			return nil, fmt.Errorf("seeds: player %q is listed twice", id)
		}
		seen[id] = true
	}
	if len(seeds) < 2 {
		return nil, fmt.Errorf("%d players: a knockout needs at least 2", len(seeds))
	}
	var cur [][2]int // player indices, -1 a bye
	for _, m := range Bracket(len(seeds)) {
		b := -1
		if m[1] > 0 {
			b = idx[seeds[m[1]-1]]
		}
		cur = append(cur, [2]int{idx[seeds[m[0]-1]], b})
	}
	for r, round := range t.Rounds {
		if len(cur) == 0 {
			return nil, fmt.Errorf("round %d: the knockout was over after round %d", r+1, r)
		}
		var winners []int
		for _, m := range cur {
			w, err := winner(t, round, m, r+1)
			if err != nil {
				return nil, err
			}
			winners = append(winners, w)
		}
		if len(round.Matches) != len(cur) {
			return nil, fmt.Errorf("round %d: %d matches where the bracket has %d", r+1, len(round.Matches), len(cur))
		}
		cur = cur[:0]
		for k := 0; k+1 < len(winners); k += 2 {
			cur = append(cur, [2]int{winners[k], winners[k+1]})
		}
	}
	if len(cur) == 0 {
		return nil, fmt.Errorf("the knockout is over")
	}
	// Boards by the better seed of each match, the byes last.
	seedOf := make([]int, len(t.Players))
	for s, id := range seeds {
		seedOf[idx[id]] = s
	}
	best := func(m [2]int) int {
		if m[1] < 0 {
			return seedOf[m[0]]
		}
		return min(seedOf[m[0]], seedOf[m[1]])
	}
	ordered := slices.Clone(cur)
	slices.SortStableFunc(ordered, func(a, b [2]int) int { return best(a) - best(b) })
	for k, m := range ordered {
		if m[1] >= 0 && seedOf[m[1]] < seedOf[m[0]] {
			ordered[k] = [2]int{m[1], m[0]}
		}
	}
	return newHistory(t).number(ordered), nil
}

// winner finds bracket match m (player indices, -1 a bye) among round's
// matches and says who went through.
func winner(t *Tournament, round Round, m [2]int, r int) (int, error) {
	id := func(i int) string {
		if i < 0 {
			return ""
		}
		return t.Players[i].ID
	}
	a, b := id(m[0]), id(m[1])
	for _, x := range round.Matches {
		switch {
		case x.A == a && x.B == b:
		case x.A == b && x.B == a && b != "":
			x.Score[0], x.Score[1] = x.Score[1], x.Score[0]
		default:
			continue
		}
		if b == "" || x.Score[0] > x.Score[1] {
			return m[0], nil
		}
		if x.Score[0] < x.Score[1] {
			return m[1], nil
		}
		return 0, fmt.Errorf("round %d: %s v %s is a draw; a knockout match needs a winner", r, a, b)
	}
	if b == "" {
		return 0, fmt.Errorf("round %d: the bracket gives %s a bye ({\"a\": %q, \"b\": null}), and the round has none", r, a, a)
	}
	return 0, fmt.Errorf("round %d: the bracket has %s v %s, and the round has no such match", r, a, b)
}
