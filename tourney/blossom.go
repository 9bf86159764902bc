package tourney

// The exact engine: the same pairing as the backtracking search (the top
// player left takes the first candidate, in the method's order, that leaves
// the others pairable), but with "leaves the others pairable" decided by
// keeping a perfect matching of the players left (Edmonds' blossom
// algorithm) and repairing it by one augmenting path per candidate, instead
// of by trying every continuation. It runs where the search used up its
// steps: polynomial, one augmenting-path search, O(n²), per candidate tried.

// matcher is a perfect matching of the places still alive, on the graph of
// the pairs the level allows.
type matcher struct {
	s     *search
	mate  []int
	p     []int
	base  []int
	used  []bool
	bloss []bool
	q     []int
}

func (s *search) allowed(x, y int) bool {
	return x != y && s.alive[x] && s.alive[y] && s.h.met(s.order[x], s.order[y]) <= s.level
}

// exact pairs the places alive, or says they cannot be paired at the level.
func (s *search) exact() bool {
	n := len(s.order)
	m := &matcher{s: s, mate: make([]int, n), p: make([]int, n), base: make([]int, n), used: make([]bool, n), bloss: make([]bool, n)}
	for i := range m.mate {
		m.mate[i] = -1
	}
	// Start from the pairing the method makes without looking ahead, so
	// that most pivots below keep the mate they have and only the players
	// it strands need an augmenting path.
	var taken []int
	for remaining := s.f.prefix(n); remaining > 1; {
		p := s.f.kth(0)
		s.remove(p)
		taken = append(taken, p)
		remaining--
		for c := range s.candidates(p, remaining) {
			if s.h.met(s.order[p], s.order[c]) <= s.level {
				m.mate[p], m.mate[c] = c, p
				s.remove(c)
				taken = append(taken, c)
				remaining--
				break
			}
		}
	}
	for _, x := range taken {
		s.put(x)
	}
	for x := range n {
		if s.alive[x] && m.mate[x] < 0 {
			end := m.path(x)
			if end < 0 {
				return false
			}
			m.augment(end)
		}
	}
	saved := make([]int, n)
	for remaining := s.f.prefix(n); remaining > 0; remaining -= 2 {
		p := s.f.kth(0)
		s.remove(p)
		found := false
		var c int
		for c = range s.candidates(p, remaining-1) {
			if s.h.met(s.order[p], s.order[c]) > s.level {
				continue
			}
			if m.mate[p] == c {
				s.remove(c)
				found = true
				break
			}
			copy(saved, m.mate)
			a, b := m.mate[p], m.mate[c]
			m.mate[p], m.mate[c], m.mate[a], m.mate[b] = -1, -1, -1, -1
			s.remove(c)
			// a and b are the only players left unmatched: an augmenting
			// path from a ends at b.
			if end := m.path(a); end >= 0 {
				m.augment(end)
				found = true
				break
			}
			s.put(c)
			copy(m.mate, saved)
		}
		if !found { // cannot happen: p's mate is one of its candidates
			return false
		}
		s.pairs = append(s.pairs, [2]int{p, c})
	}
	return true
}

// lca is the base of the blossom where the alternating paths from a and b
// meet.
func (m *matcher) lca(a, b int) int {
	seen := make([]bool, len(m.mate))
	for {
		a = m.base[a]
		seen[a] = true
		if m.mate[a] < 0 {
			break
		}
		a = m.p[m.mate[a]]
	}
	for {
		b = m.base[b]
		if seen[b] {
			return b
		}
		b = m.p[m.mate[b]]
	}
}

func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.bloss[m.base[v]], m.bloss[m.base[m.mate[v]]] = true, true
		m.p[v] = child
		child = m.mate[v]
		v = m.p[m.mate[v]]
	}
}

// path searches an augmenting path from the unmatched root over the alive
// places and returns its other end, or -1.
func (m *matcher) path(root int) int {
	s := m.s
	for i := range m.mate {
		m.used[i], m.p[i], m.base[i] = false, -1, i
	}
	m.used[root] = true
	m.q = append(m.q[:0], root)
	for qh := 0; qh < len(m.q); qh++ {
		v := m.q[qh]
		for to := range m.mate {
			if !s.allowed(v, to) || m.base[v] == m.base[to] || m.mate[v] == to {
				continue
			}
			if to == root || m.mate[to] >= 0 && m.p[m.mate[to]] >= 0 {
				cur := m.lca(v, to)
				clear(m.bloss)
				m.markPath(v, cur, to)
				m.markPath(to, cur, v)
				for i := range m.mate {
					if s.alive[i] && m.bloss[m.base[i]] {
						m.base[i] = cur
						if !m.used[i] {
							m.used[i] = true
							m.q = append(m.q, i)
						}
					}
				}
			} else if m.p[to] < 0 {
				m.p[to] = v
				if m.mate[to] < 0 {
					return to
				}
				m.used[m.mate[to]] = true
				m.q = append(m.q, m.mate[to])
			}
		}
	}
	return -1
}

func (m *matcher) augment(end int) {
	for v := end; v >= 0; {
		pv := m.p[v]
		next := m.mate[pv]
		m.mate[v], m.mate[pv] = pv, v
		v = next
	}
}
