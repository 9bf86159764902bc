package tourney

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"iter"
	"slices"
)

// Method is a Swiss pairing method.
type Method string

const (
	// Serial pairs each player with the next in the ranking: 1st v 2nd, 3rd
	// v 4th (SoL's "ranking order").
	Serial Method = "serial"
	// Dazed pairs the top of a group on the same points with its middle
	// (SoL's "cross ranking order").
	Dazed Method = "dazed"
	// Staggered is Dazed, except that a group of 50 or more is split 25
	// places down instead of in its middle (SoL's "staggered ranking order").
	Staggered Method = "staggered"
	// Dutch splits each score group in halves, top half against bottom half,
	// with the lowest player of an odd group floating down (our own method,
	// after FIDE's Dutch system).
	Dutch Method = "dutch"
)

// Methods lists the Swiss methods.
var Methods = []Method{Serial, Dazed, Staggered, Dutch}

// ParseMethod is the method named name.
func ParseMethod(name string) (Method, error) {
	if m := Method(name); slices.Contains(Methods, m) {
		return m, nil
	}
	return "", fmt.Errorf("unknown method %q (have serial, dazed, staggered, dutch)", name)
}

// SwissOptions are the choices of a Swiss tournament.
type SwissOptions struct {
	Method Method
	// DelayTop: while at most this many rounds have been played, the
	// pairing order puts the rating before the net score, to postpone the
	// top players' meeting (SoL's "delay top players pairing").
	DelayTop int
	// AvoidCompatriots, AvoidClubmates: in rounds up to these, a player is
	// paired with a compatriot or a clubmate of the same points only when no
	// one else of those points can be.
	AvoidCompatriots, AvoidClubmates int
	// MaxSteps is how many tentative pairs the backtracking search tries
	// before the exact engine takes over (0: DefaultMaxSteps); both give
	// the same pairing.
	MaxSteps int
}

// DefaultMaxSteps: the backtracking search is quick when few pairs are
// ruled out, and hopeless when a tail of the order cannot be paired because
// of a choice far above it; past this many tentative pairs the exact engine
// (blossom.go) answers instead.
const DefaultMaxSteps = 20_000

// memoMax: a tail of at most this many players that could not be paired is
// remembered, so that the search never explores it twice.
const memoMax = 48

// Swiss pairs the next round of t. t must be valid.
func Swiss(t *Tournament, o SwissOptions) ([]Pairing, error) {
	if _, err := ParseMethod(string(o.Method)); err != nil {
		return nil, err
	}
	h := newHistory(t)
	order := h.pairingOrder(o.DelayTop)
	if len(order) < 2 {
		return nil, fmt.Errorf("%d active players: a round needs at least 2", len(order))
	}
	round := len(t.Rounds) + 1
	s := &search{
		t: t, h: h, order: order, method: o.Method,
		maxSteps:     cmp.Or(o.MaxSteps, DefaultMaxSteps),
		avoidCountry: round <= o.AvoidCompatriots,
		avoidClub:    round <= o.AvoidClubmates,
	}
	s.prepare()
	pairs, bye, err := s.run()
	if err != nil {
		return nil, err
	}
	matches := make([][2]int, 0, len(pairs)+1)
	for _, pc := range pairs {
		matches = append(matches, [2]int{order[pc[0]], order[pc[1]]})
	}
	if bye >= 0 {
		matches = append(matches, [2]int{order[bye], -1})
	}
	return h.number(matches), nil
}

// history is what the rounds so far say about each player (by index in
// t.Players).
type history struct {
	t      *Tournament
	ts     []tally
	byes   []int
	floatD []bool  // floated down in the last round (or had the phantom)
	seated [][]int // the boards each player has played on
}

func newHistory(t *Tournament) *history {
	h := &history{t: t, ts: t.tallies(t.Rounds), byes: make([]int, len(t.Players)), floatD: make([]bool, len(t.Players)), seated: make([][]int, len(t.Players))}
	idx := t.index()
	for _, r := range t.Rounds {
		for k, m := range r.Matches {
			board := cmp.Or(m.Board, k+1)
			h.seated[idx[m.A]] = append(h.seated[idx[m.A]], board)
			if m.B == "" {
				h.byes[idx[m.A]]++
			} else {
				h.seated[idx[m.B]] = append(h.seated[idx[m.B]], board)
			}
		}
	}
	if n := len(t.Rounds); n > 0 {
		before := t.tallies(t.Rounds[:n-1])
		for _, m := range t.Rounds[n-1].Matches {
			a := idx[m.A]
			if m.B == "" {
				h.floatD[a] = true
				continue
			}
			b := idx[m.B]
			h.floatD[a] = before[a].points > before[b].points
			h.floatD[b] = before[b].points > before[a].points
		}
	}
	return h
}

// met is how many times players a and b have met.
func (h *history) met(a, b int) int {
	n := 0
	for _, o := range h.ts[a].opponents {
		if o == b {
			n++
		}
	}
	return n
}

// pairingOrder is the active players, best first: before the first round
// the rated ones by rating, then the unrated in the order the seed draws;
// after it, as the standings, with the rating before the net score while at
// most delayTop rounds have been played.
func (h *history) pairingOrder(delayTop int) []int {
	t := h.t
	var rated, unrated []int
	for i, p := range t.Players {
		switch {
		case p.Withdrawn:
		case p.Rating > 0 || len(t.Rounds) > 0:
			rated = append(rated, i)
		default:
			unrated = append(unrated, i)
		}
	}
	byID := func(a, b int) int { return cmp.Compare(t.Players[a].ID, t.Players[b].ID) }
	if len(t.Rounds) == 0 {
		slices.SortFunc(rated, func(a, b int) int {
			return cmp.Or(cmp.Compare(t.Players[b].Rating, t.Players[a].Rating), byID(a, b))
		})
		slices.SortFunc(unrated, byID)
		rng := splitmix(t.Seed)
		shuffle(&rng, unrated)
		return append(rated, unrated...)
	}
	buch := make([]int, len(t.Players))
	for i, x := range h.ts {
		for _, o := range x.opponents {
			buch[i] += h.ts[o].points
		}
	}
	delay := len(t.Rounds) <= delayTop
	slices.SortFunc(rated, func(a, b int) int {
		x, y := h.ts[a], h.ts[b]
		ra, rb := t.Players[a].Rating, t.Players[b].Rating
		if delay {
			return cmp.Or(cmp.Compare(y.points, x.points), cmp.Compare(buch[b], buch[a]), cmp.Compare(rb, ra),
				cmp.Compare(y.net, x.net), cmp.Compare(y.total, x.total), byID(a, b))
		}
		return cmp.Or(cmp.Compare(y.points, x.points), cmp.Compare(buch[b], buch[a]), cmp.Compare(y.net, x.net),
			cmp.Compare(y.total, x.total), cmp.Compare(rb, ra), byID(a, b))
	})
	return rated
}

// search is the backtracking search of a round's pairing over the pairing
// order; places are positions in that order.
type search struct {
	t        *Tournament
	h        *history
	order    []int
	method   Method
	maxSteps int

	avoidCountry, avoidClub bool

	points   []int // by place
	groupEnd []int // by place: the first place with fewer points
	maxMet   int   // the most opponents anyone has met

	// one attempt
	f      *fenwick
	alive  []bool
	level  int // pairs that met up to level times may meet again
	steps  int
	failed map[string]bool
	pairs  [][2]int
	over   bool // the steps ran out

	buf        []byte
	left, seen []int // stamps by player, for everyoneHasSomeone
	stamp      int
}

func (s *search) prepare() {
	n := len(s.order)
	s.points = make([]int, n)
	for k, i := range s.order {
		s.points[k] = s.h.ts[i].points
		s.maxMet = max(s.maxMet, len(s.h.ts[i].opponents))
	}
	s.groupEnd = make([]int, n)
	for k := n - 1; k >= 0; k-- {
		if k == n-1 || s.points[k+1] != s.points[k] {
			s.groupEnd[k] = k + 1
		} else {
			s.groupEnd[k] = s.groupEnd[k+1]
		}
	}
}

// run tries, level by level (first no pair meeting again, then no pair
// meeting a third time…), each possible phantom: first the players who have
// not had it, from the bottom of the order up, then those who have, fewest
// phantoms first.
func (s *search) run() ([][2]int, int, error) {
	n := len(s.order)
	byes := []int{-1}
	if n%2 == 1 {
		byes = byes[:0]
		for k := n - 1; k >= 0; k-- {
			byes = append(byes, k)
		}
		slices.SortStableFunc(byes, func(a, b int) int {
			return cmp.Compare(s.h.byes[s.order[a]], s.h.byes[s.order[b]])
		})
	}
	for s.level = 0; s.level <= len(s.t.Rounds); s.level++ {
		for _, bye := range byes {
			remaining := s.reset(bye)
			if s.dfs(remaining) {
				return s.pairs, bye, nil
			}
			if s.over {
				s.reset(bye)
				if s.exact() {
					return s.pairs, bye, nil
				}
			}
		}
	}
	return nil, 0, fmt.Errorf("no pairing found")
}

// reset starts an attempt with every place alive but the bye's (-1: none)
// and returns how many are.
func (s *search) reset(bye int) int {
	n := len(s.order)
	s.f = newFenwick(n)
	s.alive = make([]bool, n)
	for k := range s.alive {
		s.alive[k] = true
	}
	s.failed = map[string]bool{}
	s.pairs = s.pairs[:0]
	s.steps, s.over = 0, false
	if bye >= 0 {
		s.remove(bye)
		return n - 1
	}
	return n
}

func (s *search) remove(k int) { s.f.add(k, -1); s.alive[k] = false }
func (s *search) put(k int)    { s.f.add(k, 1); s.alive[k] = true }

// dfs pairs the top player left with the first of its candidates that
// leaves the rest pairable.
func (s *search) dfs(remaining int) bool {
	if remaining == 0 {
		return true
	}
	if s.steps++; s.steps > s.maxSteps {
		s.over = true
		return false
	}
	key := ""
	if remaining <= memoMax {
		key = s.key(remaining)
		if s.failed[key] {
			return false
		}
		if remaining-1 <= s.maxMet && !s.everyoneHasSomeone(remaining) {
			s.failed[key] = true
			return false
		}
	}
	p := s.f.kth(0)
	s.remove(p)
	for c := range s.candidates(p, remaining-1) {
		if s.h.met(s.order[p], s.order[c]) > s.level {
			continue
		}
		s.remove(c)
		s.pairs = append(s.pairs, [2]int{p, c})
		if s.dfs(remaining - 2) {
			return true
		}
		s.pairs = s.pairs[:len(s.pairs)-1]
		s.put(c)
		if s.over {
			break
		}
	}
	s.put(p)
	if key != "" && !s.over {
		s.failed[key] = true
	}
	return false
}

// key names the set of players left.
func (s *search) key(remaining int) string {
	s.buf = s.buf[:0]
	for k := range remaining {
		s.buf = binary.AppendUvarint(s.buf, uint64(s.f.kth(k)))
	}
	return string(s.buf)
}

// everyoneHasSomeone: no player left has already met every other one left
// more often than the level allows (a quick proof that a tail cannot be
// paired).
func (s *search) everyoneHasSomeone(remaining int) bool {
	if s.left == nil {
		s.left, s.seen = make([]int, len(s.t.Players)), make([]int, len(s.t.Players))
	}
	s.stamp++
	left := s.stamp
	for k := range remaining {
		s.left[s.order[s.f.kth(k)]] = left
	}
	for k := range remaining {
		i := s.order[s.f.kth(k)]
		s.stamp++
		blocked := 0
		for _, o := range s.h.ts[i].opponents {
			if s.left[o] == left && s.seen[o] != s.stamp && (s.level == 0 || s.h.met(i, o) > s.level) {
				s.seen[o] = s.stamp
				blocked++
			}
		}
		if blocked >= remaining-1 {
			return false
		}
	}
	return true
}

// avoid says whether p and c should not meet this round if others can.
func (s *search) avoid(p, c int) bool {
	a, b := s.t.Players[s.order[p]], s.t.Players[s.order[c]]
	return s.avoidCountry && a.Country != "" && a.Country == b.Country ||
		s.avoidClub && a.Club != "" && a.Club == b.Club
}

// candidates yields the places of p's possible opponents, in the method's
// order; others is how many players are left besides p (all after p).
func (s *search) candidates(p, others int) iter.Seq[int] {
	same := s.f.prefix(s.groupEnd[p]) // players left on p's points
	group := s.groupOrder(same)
	return func(yield func(int) bool) {
		if s.avoidCountry || s.avoidClub {
			for _, late := range []bool{false, true} {
				for j := range group {
					if c := s.f.kth(j); s.avoid(p, c) == late && !yield(c) {
						return
					}
				}
			}
		} else {
			for j := range group {
				if !yield(s.f.kth(j)) {
					return
				}
			}
		}
		for j := same; j < others; j++ {
			if !yield(s.f.kth(j)) {
				return
			}
		}
	}
}

// groupOrder yields the ranks, among the players left after the pivot (0
// the best), of those on the pivot's points, same of them, in the order the
// method tries them.
func (s *search) groupOrder(same int) iter.Seq[int] {
	span := func(yield func(int) bool, from, to, step int) bool {
		for j := from; j != to; j += step {
			if !yield(j) {
				return false
			}
		}
		return true
	}
	return func(yield func(int) bool) {
		size := same + 1 // with the pivot, rank 0 of the group
		switch {
		case s.method == Serial || (s.method != Dutch && size <= 3):
			span(yield, 0, same, 1)
		case s.method == Dazed || s.method == Staggered:
			middle := size / 2
			if s.method == Staggered && size >= 50 {
				middle = 25
			}
			// group ranks middle…size-1, then 1…middle-1
			_ = span(yield, middle-1, same, 1) && span(yield, 0, middle-1, 1)
		case size == 1:
		default: // Dutch
			floater := -1
			if size%2 == 1 {
				floater = same - 1
				for j := same - 1; j >= 0; j-- {
					if !s.h.floatD[s.order[s.f.kth(j)]] {
						floater = j
						break
					}
				}
				size--
			}
			half := size / 2
			skip := func(yield func(int) bool) func(int) bool {
				return func(j int) bool {
					if floater >= 0 && j >= floater {
						j++
					}
					return yield(j)
				}
			}
			// S2 in order, then S1 from its bottom up, then the floater.
			if !span(skip(yield), half-1, size-1, 1) || !span(skip(yield), half-2, -1, -1) {
				return
			}
			if floater >= 0 {
				yield(floater)
			}
		}
	}
}
