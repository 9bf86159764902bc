package tourney

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// PrizeMethod turns a tournament's final ranking into prizes that add up
// over a championship (docs/tournaments.md, "Prizes").
type PrizeMethod string

const (
	NoPrizes   PrizeMethod = "none"       // n for the first … 1 for the last: orders, never summed
	Fixed      PrizeMethod = "fixed"      // 18, 16, 14, 13, 12 … 1 for the first 16
	Fixed40    PrizeMethod = "fixed40"    // 1000, 900, 800, 750 … 5, 1 for the first 40
	Millesimal PrizeMethod = "millesimal" // 1000, then 1000 div n less a place
	Centesimal PrizeMethod = "centesimal" // 100 for the first, 1 for the last, linear between
)

// PrizeMethods lists the methods a tournament may name.
var PrizeMethods = []PrizeMethod{NoPrizes, Fixed, Fixed40, Millesimal, Centesimal}

// ParsePrizeMethod checks a prize method's name.
func ParsePrizeMethod(s string) (PrizeMethod, error) {
	if slices.Contains(PrizeMethods, PrizeMethod(s)) {
		return PrizeMethod(s), nil
	}
	return "", fmt.Errorf("unknown prize method %q (have none, fixed, fixed40, millesimal, centesimal)", s)
}

// Prize is in hundredths of a point, so that a championship's sums are
// exact: 1000 points is Prize(100000).
type Prize int

func (p Prize) String() string {
	if p%100 == 0 {
		return fmt.Sprint(int(p) / 100)
	}
	return fmt.Sprintf("%d.%02d", int(p)/100, int(p)%100)
}

// fixedPrizes are the "fixed" method's prizes, first to sixteenth.
var fixedPrizes = []int{18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}

// fixed40Prizes are the "fixed40" method's, first to fortieth, as SoL's
// _assignFixed40Prizes has them.
var fixed40Prizes = []int{
	1000, 900, 800, 750, 700, 650, 600, 550, 500, 450,
	400, 375, 350, 325, 300, 275, 250, 225, 200, 175,
	150, 140, 130, 120, 110, 100, 90, 80, 70, 60,
	50, 40, 35, 30, 25, 20, 15, 10, 5, 1,
}

// centesimal is SoL's sum in floating point: 100 for the first, then
// 99 ÷ (n − 1) less a place, subtracted one place after the other, each
// prize rounded to the hundredth (half to even on the binary value, as
// Python's round does), so that the prizes are SoL's to the hundredth.
func centesimal(n int) []Prize {
	ps := make([]Prize, n)
	if n == 1 {
		// SoL divides by zero here; a lone player gets the first's 100.
		ps[0] = 10000
		return ps
	}
	p, step := 100.0, 99.0/float64(n-1)
	for i := range ps {
		// FormatFloat rounds the exact binary value, half to even.
		h, _ := strconv.ParseInt(strings.Replace(strconv.FormatFloat(p, 'f', 2, 64), ".", "", 1), 10, 64)
		ps[i] = Prize(h)
		p -= step
	}
	return ps
}

// Prizes is the prize of each of n ranks, the first first.
func Prizes(m PrizeMethod, n int) ([]Prize, error) {
	if n < 0 {
		return nil, fmt.Errorf("%d players", n)
	}
	if m == Centesimal && n > 0 {
		return centesimal(n), nil
	}
	ps := make([]Prize, n)
	for i := range ps {
		switch m {
		case NoPrizes:
			ps[i] = Prize(100 * (n - i))
		case Fixed:
			if i < len(fixedPrizes) {
				ps[i] = Prize(100 * fixedPrizes[i])
			}
		case Fixed40:
			if i < len(fixed40Prizes) {
				ps[i] = Prize(100 * fixed40Prizes[i])
			}
		case Millesimal:
			// SoL's integer step: 1000 div n, so 1000 for everyone past
			// 1000 players.
			ps[i] = Prize(100 * (1000 - i*(1000/n)))
		case Centesimal:
		default:
			return nil, fmt.Errorf("unknown prize method %q (have none, fixed, fixed40, millesimal, centesimal)", m)
		}
	}
	return ps, nil
}

// Result is one tournament of a championship: its name and its final
// ranking, the ids best first (after the finals, if any).
type Result struct {
	Name    string
	Ranking []string
}

// Championship groups tournaments played with one prize method; each
// player's SkipWorst worst results (a tournament missed counts 0) are left
// out of the sum, only for who played more than SkipWorst of them.
type Championship struct {
	Method      PrizeMethod
	SkipWorst   int
	Tournaments []Result
}

// ChampionshipStanding is a line of a championship's ranking: the prize
// won in each tournament (0 where absent), which of them were skipped, and
// the sum of the others.
type ChampionshipStanding struct {
	Rank    int
	ID      string
	Prizes  []Prize
	Skipped []bool
	Total   Prize
	Played  int
}

// ChampionshipRanking sums each player's prizes, the worst SkipWorst left
// out (as SoL's Championship.ranking: only for who played more than
// SkipWorst tournaments), and ranks by that total, then by the number of
// tournaments played (more first, as SoL), then by id.
func ChampionshipRanking(c *Championship) ([]ChampionshipStanding, error) {
	if c.SkipWorst < 0 {
		return nil, fmt.Errorf("skip_worst: %d is negative", c.SkipWorst)
	}
	if c.Method == NoPrizes {
		return nil, fmt.Errorf(`a championship needs prizes that add up, not %q`, NoPrizes)
	}
	at := map[string]int{}
	var st []ChampionshipStanding
	for t, res := range c.Tournaments {
		prizes, err := Prizes(c.Method, len(res.Ranking))
		if err != nil {
			return nil, err
		}
		seen := map[string]bool{}
		for r, id := range res.Ranking {
			if seen[id] {
				return nil, fmt.Errorf("tournament %d (%s): %q is ranked twice", t+1, res.Name, id)
			}
			seen[id] = true
			i, ok := at[id]
			if !ok {
				i = len(st)
				at[id] = i
				st = append(st, ChampionshipStanding{ID: id, Prizes: make([]Prize, len(c.Tournaments)), Skipped: make([]bool, len(c.Tournaments))})
			}
			st[i].Prizes[t] = prizes[r]
			st[i].Played++
		}
	}
	for i := range st {
		s := &st[i]
		order := make([]int, len(s.Prizes))
		for k := range order {
			order[k] = k
		}
		// The worst first; of equal prizes, the earliest tournament is skipped.
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(s.Prizes[a], s.Prizes[b]) })
		skip := c.SkipWorst
		if s.Played <= skip {
			skip = 0
		}
		for k, t := range order {
			if k < skip {
				s.Skipped[t] = true
			} else {
				s.Total += s.Prizes[t]
			}
		}
	}
	slices.SortFunc(st, func(a, b ChampionshipStanding) int {
		if c := cmp.Compare(b.Total, a.Total); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Played, a.Played); c != 0 {
			return c
		}
		// SoL leaves the order of first appearance here; the id is stable.
		return cmp.Compare(a.ID, b.ID)
	})
	for i := range st {
		st[i].Rank = i + 1
	}
	return st, nil
}
