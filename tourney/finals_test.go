package tourney

import (
	"fmt"
	"testing"
)

// TestFinals: the worked example of docs/tournaments.md, "Finals".
func TestFinals(t *testing.T) {
	ranking := []string{"p3", "p1", "p8", "p2", "p6"}
	f := Finals{Places: 4, BestOf: 3}
	win := func(a, b string) Match { return Match{A: a, B: b, Score: [2]int{25, 10}} }
	steps := []struct {
		round    Round
		pairs    string
		standing string
	}{
		{Round{}, "[{1 p3 p1} {2 p8 p2}]", "[p3 p1 p8 p2 p6]"},
		{Round{[]Match{win("p1", "p3"), win("p8", "p2")}}, "[{1 p3 p1} {2 p8 p2}]", "[p3 p1 p8 p2 p6]"},
		{Round{[]Match{win("p1", "p3"), win("p8", "p2")}}, "[]", "[p1 p3 p8 p2 p6]"},
	}
	var played []Round
	for i, s := range steps {
		if i > 0 {
			played = append(played, s.round)
		}
		ps, err := FinalsPairing(ranking, f, played)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(ps); got != s.pairs && !(got == "[]" && s.pairs == "[]") {
			t.Errorf("after %d finals rounds: pairs %s, want %s", len(played), got, s.pairs)
		}
		rk, err := FinalRanking(ranking, f, played)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(rk); got != s.standing {
			t.Errorf("after %d finals rounds: ranking %s, want %s", len(played), got, s.standing)
		}
	}
	// One match each: the 2nd beats the 1st and takes first place.
	rk, err := FinalRanking(ranking, Finals{Places: 2, BestOf: 1}, []Round{{[]Match{win("p1", "p3")}}})
	if err != nil || fmt.Sprint(rk) != "[p1 p3 p8 p2 p6]" {
		t.Errorf("single final: %v, %v", rk, err)
	}
}

// TestFinalsRefuses: finals that do not follow the finals are refused
// with a sentence naming the round and the match.
func TestFinalsRefuses(t *testing.T) {
	ranking := []string{"a", "b", "c", "d"}
	one := Finals{Places: 2, BestOf: 1}
	for _, c := range []struct {
		f      Finals
		played []Round
		want   string
	}{
		{Finals{Places: 3, BestOf: 1}, nil, "finals: places 3; want 2 (1st v 2nd) or 4 (and 3rd v 4th)"},
		{Finals{Places: 2, BestOf: 2}, nil, "finals: best_of 2; want 1 or 3"},
		{one, []Round{{[]Match{{A: "a", B: "c", Score: [2]int{25, 0}}}}}, `finals round 1, match 1: "a" v "c" is not a final still to play`},
		{one, []Round{{[]Match{{A: "a", B: "b", Score: [2]int{9, 9}}}}}, "finals round 1, match 1: a draw; a final needs a winner"},
		{one, []Round{{[]Match{{A: "a", B: "b", Score: [2]int{9, 1}}}}, {}}, "finals round 2: the finals were already decided"},
		{Finals{Places: 4, BestOf: 1}, []Round{{[]Match{{A: "a", B: "b", Score: [2]int{9, 1}}}}}, "finals round 1: want 2 matches, one for each final not decided, got 1"},
		{Finals{Places: 4, BestOf: 3}, []Round{
			{[]Match{{A: "a", B: "b", Score: [2]int{9, 1}}, {A: "c", B: "d", Score: [2]int{9, 1}}}},
			{[]Match{{A: "a", B: "b", Score: [2]int{9, 1}}, {A: "c", B: "d", Score: [2]int{1, 9}}}},
			{[]Match{{A: "a", B: "b", Score: [2]int{9, 1}}, {A: "c", B: "d", Score: [2]int{1, 9}}}},
		}, "finals round 3: want 1 match, the final not decided, got 2"},
	} {
		_, err := FinalRanking(ranking, c.f, c.played)
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
	if _, err := FinalsPairing([]string{"a"}, one, nil); err == nil {
		t.Error("finals for 2 places among 1 player were accepted")
	}
}

// TestFinalsForfeit: a finalist withdrawn forfeits his final not yet
// decided, to his opponent, even one he was winning; a round may then
// miss his match, and the other final is paired and played on. A final
// he finished stands.
func TestFinalsForfeit(t *testing.T) {
	ranking := []string{"p1", "p2", "p3", "p4", "p5"}
	f := Finals{Places: 4, BestOf: 3}
	win := func(a, b string) Match { return Match{A: a, B: b, Score: [2]int{25, 10}} }
	round1 := Round{[]Match{win("p2", "p1"), win("p3", "p4")}}
	check := func(played []Round, withdrawn []string, pairs, ranked string) {
		t.Helper()
		ps, err := FinalsPairing(ranking, f, played, withdrawn...)
		if got := fmt.Sprint(ps); err != nil || got != pairs && !(got == "[]" && pairs == "[]") {
			t.Errorf("%d rounds, %v withdrawn: pairs %s, %v; want %s", len(played), withdrawn, got, err, pairs)
		}
		rk, err := FinalRanking(ranking, f, played, withdrawn...)
		if got := fmt.Sprint(rk); err != nil || got != ranked {
			t.Errorf("%d rounds, %v withdrawn: ranking %s, %v; want %s", len(played), withdrawn, got, err, ranked)
		}
	}
	check([]Round{round1}, nil, "[{1 p1 p2} {2 p3 p4}]", "[p1 p2 p3 p4 p5]")
	check([]Round{round1}, []string{"p2"}, "[{2 p3 p4}]", "[p1 p2 p3 p4 p5]")
	check([]Round{round1, {[]Match{win("p3", "p4")}}}, []string{"p2"}, "[]", "[p1 p2 p3 p4 p5]")
	check([]Round{round1, {[]Match{win("p4", "p3")}}}, []string{"p2", "p4"}, "[]", "[p1 p2 p3 p4 p5]")
	check([]Round{round1, {[]Match{win("p2", "p1"), win("p4", "p3")}}}, []string{"p2", "p4"}, "[]", "[p2 p1 p3 p4 p5]")
	// Both finalists withdrawn: the better placed keeps his place.
	check(nil, []string{"p3", "p4"}, "[{1 p1 p2}]", "[p1 p2 p3 p4 p5]")
	// A round without the match of a final whose players are both in is
	// still refused.
	if _, err := FinalRanking(ranking, f, []Round{round1, {[]Match{win("p3", "p4")}}}); err == nil {
		t.Error("a finals round without the 1st's final, no one withdrawn: accepted")
	}
}

// TestFinalsSeeding: the finals' places go to the best players not
// withdrawn; once the finals' first round is paired, its players keep
// theirs, withdrawn since or not.
func TestFinalsSeeding(t *testing.T) {
	ranking := []string{"p1", "p2", "p3", "p4", "p5", "p6"}
	for _, c := range []struct {
		places               int
		finalists, withdrawn []string
		want                 string
	}{
		{2, nil, nil, "[p1 p2 p3 p4 p5 p6]"},
		{2, nil, []string{"p2"}, "[p1 p3 p2 p4 p5 p6]"},
		{4, nil, []string{"p1", "p4"}, "[p2 p3 p5 p6 p1 p4]"},
		{4, []string{"p1", "p2", "p3", "p4"}, []string{"p2"}, "[p1 p2 p3 p4 p5 p6]"},
		{2, nil, []string{"p6"}, "[p1 p2 p3 p4 p5 p6]"},
	} {
		got := fmt.Sprint(FinalsSeeding(ranking, Finals{Places: c.places, BestOf: 1}, c.finalists, c.withdrawn))
		if got != c.want {
			t.Errorf("places %d, finalists %v, withdrawn %v: %s; want %s", c.places, c.finalists, c.withdrawn, got, c.want)
		}
	}
}

// TestPairFinalsWithdrawnBefore: "carrom tourney pair" seeds the finals as
// the server does: the 2nd after the Swiss, withdrawn before the finals,
// leaves his final to the 3rd.
func TestPairFinalsWithdrawnBefore(t *testing.T) {
	win := func(a, b string) Match { return Match{A: a, B: b, Score: [2]int{25, 0}} }
	req := &Request{System: "swiss", Tournament: Tournament{
		Players: []Player{{ID: "a"}, {ID: "b", Withdrawn: true}, {ID: "c"}, {ID: "d"}},
		Rounds:  []Round{{[]Match{win("a", "d"), win("b", "c")}}, {[]Match{win("a", "b"), win("c", "d")}}},
		Points:  Points{Win: 2, Draw: 1},
	}, Finals: &Finals{Places: 2, BestOf: 1}}
	ans, err := Pair(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(ans.Matches) != 1 || ans.Matches[0].A != "a" || ans.Matches[0].B == nil || *ans.Matches[0].B != "c" {
		t.Errorf("the final: %+v; want a v c, b withdrawn", ans.Matches)
	}
}
