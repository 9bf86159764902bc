package tourney

// fenwick counts the players still to pair, by their place in the pairing
// order: the k-th one still there and how many are before a place, both in
// O(log n), so that a 10,000-player round is paired without rescanning.
type fenwick struct {
	t    []int // 1-based
	high int   // the highest power of two ≤ n
}

// newFenwick has all n places present.
func newFenwick(n int) *fenwick {
	f := &fenwick{t: make([]int, n+1), high: 1}
	for i := 1; i <= n; i++ {
		f.t[i]++
		if j := i + i&-i; j <= n {
			f.t[j] += f.t[i]
		}
	}
	for f.high*2 <= n {
		f.high *= 2
	}
	return f
}

// add adds d at place i (0-based).
func (f *fenwick) add(i, d int) {
	for i++; i < len(f.t); i += i & -i {
		f.t[i] += d
	}
}

// prefix is how many are present at places [0, i).
func (f *fenwick) prefix(i int) int {
	s := 0
	for ; i > 0; i -= i & -i {
		s += f.t[i]
	}
	return s
}

// kth is the place of the k-th present one, k from 0.
func (f *fenwick) kth(k int) int {
	pos := 0
	for step := f.high; step > 0; step /= 2 {
		if next := pos + step; next < len(f.t) && f.t[next] <= k {
			pos = next
			k -= f.t[next]
		}
	}
	return pos
}
