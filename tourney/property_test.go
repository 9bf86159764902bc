package tourney

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// history draws a small tournament: players (some withdrawn, some rated,
// from a few clubs and countries) and rounds paired at random, repeats and
// repeated phantoms allowed, so that the pairing meets every kind of past.
func drawTournament(t *rapid.T) *Tournament {
	n := rapid.IntRange(2, 11).Draw(t, "players")
	tr := &Tournament{Points: DefaultPoints, PhantomScore: DefaultPhantomScore, Seed: rapid.Uint64().Draw(t, "seed")}
	for i := range n {
		p := Player{ID: fmt.Sprintf("p%d", i+1), Country: rapid.SampledFrom([]string{"IT", "FR", ""}).Draw(t, "country"),
			Club: rapid.SampledFrom([]string{"a", "b", ""}).Draw(t, "club")}
		if rapid.Bool().Draw(t, "rated") {
			p.Rating = float64(rapid.IntRange(1000, 2000).Draw(t, "rating"))
		}
		tr.Players = append(tr.Players, p)
	}
	rounds := rapid.IntRange(0, 6).Draw(t, "rounds")
	for range rounds {
		perm := rapid.Permutation(tr.Players).Draw(t, "order")
		var r Round
		for k := 0; k < len(perm); k += 2 {
			m := Match{A: perm[k].ID, Score: [2]int{rapid.IntRange(0, 25).Draw(t, "sa"), rapid.IntRange(0, 25).Draw(t, "sb")}}
			if k+1 < len(perm) {
				m.B = perm[k+1].ID
			}
			r.Matches = append(r.Matches, m)
		}
		tr.Rounds = append(tr.Rounds, r)
	}
	for i := range tr.Players {
		tr.Players[i].Withdrawn = n > 2 && rapid.IntRange(0, 5).Draw(t, "withdrawn") == 0
	}
	return tr
}

// best is, over every pairing of the active players (with a phantom when
// they are odd), the fewest pairs meeting again, and, among pairings with
// that fewest, whether one gives the phantom to a player who has not had
// it: found by trying them all.
func best(tr *Tournament, active []int, met func(a, b int) int, byes []int) (int, bool) {
	bestRepeats, freshBye := len(active), false
	var rec func(left []int, repeats int, bye int)
	rec = func(left []int, repeats int, bye int) {
		if len(left) == 0 {
			fresh := bye < 0 || byes[bye] == 0
			if repeats < bestRepeats || repeats == bestRepeats && fresh && !freshBye {
				bestRepeats, freshBye = repeats, fresh
			}
			return
		}
		p, rest := left[0], left[1:]
		if len(left)%2 == 1 && bye < 0 {
			rec(rest, repeats, p)
		}
		for k, c := range rest {
			others := slices.Concat(rest[:k], rest[k+1:])
			r := repeats
			if met(p, c) > 0 {
				r++
			}
			rec(others, r, bye)
		}
	}
	rec(active, 0, -1)
	return bestRepeats, freshBye
}

// TestSwissProperties: every active player is paired exactly once, no
// withdrawn one; no pair meets again when a pairing without it exists; the
// phantom goes to one who has not had it when a pairing without repeats
// does that.
func TestSwissProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := drawTournament(t)
		if err := tr.Validate(); err != nil {
			t.Fatal(err)
		}
		method := rapid.SampledFrom(Methods).Draw(t, "method")
		opts := SwissOptions{Method: method, DelayTop: rapid.IntRange(0, 2).Draw(t, "delay"),
			AvoidCompatriots: rapid.IntRange(0, 3).Draw(t, "compatriots"), AvoidClubmates: rapid.IntRange(0, 3).Draw(t, "clubmates")}
		var active []int
		for i, p := range tr.Players {
			if !p.Withdrawn {
				active = append(active, i)
			}
		}
		pairs, err := Swiss(tr, opts)
		if len(active) < 2 {
			if err == nil {
				t.Fatalf("%d active players paired", len(active))
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		idx := tr.index()
		seen := map[string]int{}
		h := newHistory(tr)
		repeats, phantom := 0, ""
		for k, p := range pairs {
			if p.Board != k+1 {
				t.Fatalf("match %d on board %d", k+1, p.Board)
			}
			seen[p.A]++
			if p.B == "" {
				if k != len(pairs)-1 {
					t.Fatalf("the phantom's match is on board %d of %d", p.Board, len(pairs))
				}
				phantom = p.A
				continue
			}
			seen[p.B]++
			if h.met(idx[p.A], idx[p.B]) > 0 {
				repeats++
			}
		}
		for _, i := range active {
			if seen[tr.Players[i].ID] != 1 {
				t.Fatalf("%s paired %d times in %v", tr.Players[i].ID, seen[tr.Players[i].ID], pairs)
			}
		}
		if len(seen) != len(active) {
			t.Fatalf("%d players paired for %d active: %v", len(seen), len(active), pairs)
		}
		fewest, fresh := best(tr, active, h.met, h.byes)
		if fewest == 0 && repeats > 0 {
			t.Fatalf("%d pairs meet again in %v, and a pairing without any exists", repeats, pairs)
		}
		if fewest == 0 && fresh && phantom != "" && h.byes[idx[phantom]] > 0 {
			t.Fatalf("%s gets the phantom again in %v, and a pairing without repeats gives it to someone new", phantom, pairs)
		}
	})
}

// TestStandingsRecount: the standings are the matches counted again here
// the plain way, in the order of points, Buchholz, net, total, rating, id.
func TestStandingsRecount(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := drawTournament(t)
		tr.Points = Points{Win: rapid.IntRange(2, 3).Draw(t, "win"), Draw: 1, Loss: 0}
		points, net, total := map[string]int{}, map[string]int{}, map[string]int{}
		opps := map[string][]string{}
		count := func(id string, us, them int) {
			total[id] += us
			net[id] += us - them
			switch {
			case us > them:
				points[id] += tr.Points.Win
			case us == them:
				points[id] += tr.Points.Draw
			}
		}
		for _, r := range tr.Rounds {
			for _, m := range r.Matches {
				count(m.A, m.Score[0], m.Score[1])
				if m.B == "" {
					continue
				}
				count(m.B, m.Score[1], m.Score[0])
				opps[m.A] = append(opps[m.A], m.B)
				opps[m.B] = append(opps[m.B], m.A)
			}
		}
		st := Standings(tr, NoAdjustment)
		if len(st) != len(tr.Players) {
			t.Fatalf("%d lines for %d players", len(st), len(tr.Players))
		}
		for k, s := range st {
			b := 0
			for _, o := range opps[s.ID] {
				b += points[o]
			}
			if s.Rank != k+1 || s.Points != points[s.ID] || s.Net != net[s.ID] || s.Total != total[s.ID] || s.Buchholz != b {
				t.Fatalf("line %d: %+v; recount: points %d, Buchholz %d, net %d, total %d", k+1, s, points[s.ID], b, net[s.ID], total[s.ID])
			}
			if k > 0 && compareStandings(st[k-1], s) >= 0 {
				t.Fatalf("line %d %+v is not after line %d %+v", k+1, s, k, st[k-1])
			}
		}
	})
}

// TestKnockoutProperties: the bracket holds every seed once, gives its byes
// to the top seeds, and played out with any winners ends with one player
// after log2 of its size rounds.
func TestKnockoutProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 70).Draw(t, "players")
		size := 1
		for size < n {
			size *= 2
		}
		first := Bracket(n)
		if len(first) != size/2 {
			t.Fatalf("%d matches for a bracket of %d", len(first), size)
		}
		got := map[int]bool{}
		var byes []int
		for _, m := range first {
			if m[0] < 1 || m[0] > n || got[m[0]] || m[1] != 0 && (m[1] > n || got[m[1]]) {
				t.Fatalf("bracket %v", first)
			}
			got[m[0]] = true
			if m[1] == 0 {
				byes = append(byes, m[0])
			} else {
				got[m[1]] = true
			}
		}
		slices.Sort(byes)
		if len(got) != n || len(byes) != size-n || len(byes) > 0 && byes[len(byes)-1] != size-n {
			t.Fatalf("bracket %v: byes %v; want the top %d seeds", first, byes, size-n)
		}
		tr := &Tournament{Points: DefaultPoints, PhantomScore: DefaultPhantomScore}
		var seeds []string
		for i := range n {
			tr.Players = append(tr.Players, Player{ID: fmt.Sprintf("p%d", i+1)})
			seeds = append(seeds, fmt.Sprintf("p%d", i+1))
		}
		seeds = rapid.Permutation(seeds).Draw(t, "seeds")
		for {
			pairs, err := Knockout(tr, seeds)
			if err != nil {
				if len(tr.Rounds) == 0 || len(tr.Rounds[len(tr.Rounds)-1].Matches) != 1 {
					t.Fatalf("after %d rounds: %v", len(tr.Rounds), err)
				}
				break
			}
			var r Round
			for _, p := range pairs {
				m := Match{A: p.A, B: p.B, Score: [2]int{25, 0}}
				if p.B != "" && rapid.Bool().Draw(t, "upset") {
					m.Score = [2]int{3, 25}
				}
				r.Matches = append(r.Matches, m)
			}
			tr.Rounds = append(tr.Rounds, r)
		}
		if rounds := len(tr.Rounds); 1<<rounds != size {
			t.Fatalf("%d rounds for a bracket of %d", rounds, size)
		}
	})
}

// TestRoundRobinProperties: every pair meets exactly once, everyone plays
// once a round, and one round more is refused.
func TestRoundRobinProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 14).Draw(t, "players")
		tr := &Tournament{Points: DefaultPoints, PhantomScore: DefaultPhantomScore}
		for i := range n {
			tr.Players = append(tr.Players, Player{ID: fmt.Sprintf("p%d", i+1)})
		}
		met := map[[2]string]int{}
		for {
			pairs, err := RoundRobin(tr)
			if err != nil {
				break
			}
			var r Round
			seen := map[string]bool{}
			for _, p := range pairs {
				if seen[p.A] || seen[p.B] && p.B != "" {
					t.Fatalf("round %d: %v", len(tr.Rounds)+1, pairs)
				}
				seen[p.A], seen[p.B] = true, true
				if p.B != "" {
					met[[2]string{min(p.A, p.B), max(p.A, p.B)}]++
				}
				r.Matches = append(r.Matches, Match{A: p.A, B: p.B, Score: [2]int{25, 0}})
			}
			tr.Rounds = append(tr.Rounds, r)
		}
		if want := n * (n - 1) / 2; len(met) != want {
			t.Fatalf("%d pairs met; want %d", len(met), want)
		}
		for k, v := range met {
			if v != 1 {
				t.Fatalf("%v met %d times", k, v)
			}
		}
		if want := n - 1 + n%2; len(tr.Rounds) != want {
			t.Fatalf("%d rounds; want %d", len(tr.Rounds), want)
		}
	})
}

// TestExactEqualsSearch: the exact engine, made to answer at once, gives
// the very pairing the backtracking search finds by trying everything.
func TestExactEqualsSearch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := drawTournament(t)
		opts := SwissOptions{Method: rapid.SampledFrom(Methods).Draw(t, "method"), AvoidCompatriots: rapid.IntRange(0, 2).Draw(t, "compatriots")}
		want, err := Swiss(tr, opts)
		opts.MaxSteps = 1
		got, err2 := Swiss(tr, opts)
		if (err == nil) != (err2 == nil) || show(got) != show(want) {
			t.Fatalf("exact engine %s (%v); search %s (%v)", show(got), err2, show(want), err)
		}
	})
}

// TestLongSwiss: 120 players play 40 rounds, far past where the
// backtracking search alone stalls (a tail that cannot be paired because of
// a choice far above it), and no pair meets twice.
func TestLongSwiss(t *testing.T) {
	if testing.Short() {
		t.Skip("pairs 80 rounds")
	}
	for _, m := range []Method{Dazed, Dutch} {
		req, err := Generate(3, 120, 0, m)
		if err != nil {
			t.Fatal(err)
		}
		met := map[[2]string]bool{}
		for r := range 40 {
			pairs, err := Swiss(&req.Tournament, req.Options)
			if err != nil {
				t.Fatalf("%s, round %d: %v", m, r+1, err)
			}
			var round Round
			for _, p := range pairs {
				k := [2]string{min(p.A, p.B), max(p.A, p.B)}
				if p.B != "" && met[k] {
					t.Fatalf("%s, round %d: %s and %s meet again", m, r+1, p.A, p.B)
				}
				met[k] = true
				round.Matches = append(round.Matches, Match{A: p.A, B: p.B, Score: [2]int{25, (r * 7) % 26}})
			}
			req.Rounds = append(req.Rounds, round)
		}
	}
}
