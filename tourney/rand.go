package tourney

// splitmix is SplitMix64 (Steele, Lea and Flood, 2014): a generator written
// out here, instead of math/rand, so that a draw is specified by
// docs/tournaments.md alone and anyone can recompute it.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// below is a number in [0, n), n > 0 (the slight bias of the modulo is of no
// matter for a draw of players).
func (s *splitmix) below(n int) int {
	return int(s.next() % uint64(n))
}

// shuffle is Fisher–Yates from the end: for i from len-1 down to 1, swap i
// with below(i+1).
func shuffle[T any](s *splitmix, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.below(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
