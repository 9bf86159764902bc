package tourney

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestPrizes: the examples of docs/tournaments.md, "Prizes".
func TestPrizes(t *testing.T) {
	for _, c := range []struct {
		m    PrizeMethod
		n    int
		want string
	}{
		{NoPrizes, 4, "[4 3 2 1]"},
		{Fixed, 4, "[18 16 14 13]"},
		{Fixed, 18, "[18 16 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0 0]"},
		{Fixed40, 14, "[1000 900 800 750 700 650 600 550 500 450 400 375 350 325]"},
		{Millesimal, 4, "[1000 750 500 250]"},
		{Millesimal, 3, "[1000 667 334]"},
		{Millesimal, 6, "[1000 834 668 502 336 170]"},
		// The prizes of a real SoL dump: SoL 3.13's test file
		// Lazio_2011_2012-2012-03-18+6.sol, 15 players, millesimal.
		{Millesimal, 15, "[1000 934 868 802 736 670 604 538 472 406 340 274 208 142 76]"},
		{Centesimal, 4, "[100 67 34 1]"},
		{Centesimal, 3, "[100 50.50 1]"},
		{Centesimal, 6, "[100 80.20 60.40 40.60 20.80 1]"},
		// 87.625 and 38.125 are exact in binary: half to even, as SoL.
		{Centesimal, 9, "[100 87.62 75.25 62.88 50.50 38.12 25.75 13.38 1]"},
		{Centesimal, 1, "[100]"},
	} {
		ps, err := Prizes(c.m, c.n)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(ps); got != c.want {
			t.Errorf("%s for %d: got %s, want %s", c.m, c.n, got, c.want)
		}
	}
	if ps, _ := Prizes(Fixed40, 41); ps[29] != 6000 || ps[38] != 500 || ps[39] != 100 || ps[40] != 0 {
		t.Errorf("fixed40: 30th %v, 39th %v, 40th %v, 41st %v; want 60, 5, 1 and 0", ps[29], ps[38], ps[39], ps[40])
	}
	if ps, _ := Prizes(Millesimal, 1001); ps[1000] != 100000 {
		t.Errorf("millesimal: the 1001st of 1001 gets %v; want 1000 (a step of 1000 div 1001, 0)", ps[1000])
	}
	if _, err := Prizes("golden", 3); err == nil {
		t.Error("an unknown method was accepted")
	}
}

// TestChampionshipRanking: the worked example of docs/tournaments.md.
func TestChampionshipRanking(t *testing.T) {
	c := &Championship{Method: Fixed, SkipWorst: 1, Tournaments: []Result{
		{"Milano", []string{"ann", "bob", "cat", "dan"}},
		{"Torino", []string{"bob", "cat", "ann"}},
		{"Roma", []string{"cat", "dan", "bob", "ann"}},
	}}
	st, err := ChampionshipRanking(c)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, fmt.Sprintf("%d %s %v %v", s.Rank, s.ID, s.Total, s.Prizes))
	}
	want := []string{
		"1 bob 34 [16 18 14]",
		"2 cat 34 [14 16 18]",
		"3 ann 32 [18 14 13]",
		"4 dan 29 [13 0 16]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	// Skip worst 2: dan played only 2 of the 3, so nothing of his is
	// skipped, and he leads (SoL's rule).
	c.SkipWorst = 2
	if st, err = ChampionshipRanking(c); err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, s := range st {
		got = append(got, fmt.Sprintf("%d %s %v %v", s.Rank, s.ID, s.Total, s.Skipped))
	}
	want = []string{
		"1 dan 29 [false false false]",
		"2 ann 18 [false true true]",
		"3 bob 18 [true false true]",
		"4 cat 18 [true true false]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("skip worst 2: got\n%q\nwant\n%q", got, want)
	}
	if _, err := ChampionshipRanking(&Championship{Method: Fixed, Tournaments: []Result{{"x", []string{"a", "a"}}}}); err == nil {
		t.Error("a player ranked twice was accepted")
	}
}

// TestPrizesProperty: every method's prizes never increase down the
// ranking, and are positive for the first (none is 0 but for fixed and
// fixed40 beyond their tables).
func TestPrizesProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.SampledFrom(PrizeMethods).Draw(t, "method")
		n := rapid.IntRange(1, 200).Draw(t, "n")
		ps, err := Prizes(m, n)
		if err != nil {
			t.Fatal(err)
		}
		if ps[0] <= 0 {
			t.Fatalf("the winner gets %v", ps[0])
		}
		for i := 1; i < n; i++ {
			if ps[i] > ps[i-1] || ps[i] < 0 {
				t.Fatalf("rank %d gets %v after %v", i+1, ps[i], ps[i-1])
			}
			if (m == Millesimal || m == Centesimal || m == NoPrizes) && ps[i] == ps[i-1] {
				t.Fatalf("%s: ranks %d and %d both get %v", m, i, i+1, ps[i])
			}
		}
	})
}

// TestChampionshipRecount: a championship's ranking equals a recount done
// another way: each player's prizes looked up rank by rank, sorted, the
// worst SkipWorst dropped for who played more than SkipWorst; the ranking
// sorted by those totals, then by tournaments played.
func TestChampionshipRecount(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		players := rapid.IntRange(1, 12).Draw(t, "players")
		c := &Championship{Method: rapid.SampledFrom(PrizeMethods[1:]).Draw(t, "method"), SkipWorst: rapid.IntRange(0, 3).Draw(t, "skip")}
		for k := range rapid.IntRange(1, 5).Draw(t, "tournaments") {
			var ids []string
			for i := range players {
				if rapid.IntRange(0, 3).Draw(t, "absent") > 0 {
					ids = append(ids, fmt.Sprintf("p%d", i))
				}
			}
			c.Tournaments = append(c.Tournaments, Result{fmt.Sprint(k), rapid.Permutation(ids).Draw(t, "ranking")})
		}
		st, err := ChampionshipRanking(c)
		if err != nil {
			t.Fatal(err)
		}
		total := map[string]Prize{}
		for id := range players {
			var won []Prize
			played := 0
			for _, res := range c.Tournaments {
				ps, _ := Prizes(c.Method, len(res.Ranking))
				p := Prize(0)
				if r := slices.Index(res.Ranking, fmt.Sprintf("p%d", id)); r >= 0 {
					p = ps[r]
					played++
				}
				won = append(won, p)
			}
			slices.Sort(won)
			skip := c.SkipWorst
			if played <= skip {
				skip = 0
			}
			for _, p := range won[skip:] {
				total[fmt.Sprintf("p%d", id)] += p
			}
		}
		for i, s := range st {
			if s.Total != total[s.ID] {
				t.Fatalf("%s: total %v, recount %v", s.ID, s.Total, total[s.ID])
			}
			if i > 0 && (st[i-1].Total < s.Total || st[i-1].Total == s.Total && st[i-1].Played < s.Played) {
				t.Fatalf("%s (%v) ranked below %s (%v)", s.ID, s.Total, st[i-1].ID, st[i-1].Total)
			}
		}
	})
}
