package tourney

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// eight is the worked example of docs/tournaments.md: p1 to p8 rated 2000
// down to 1300.
func eight() *Tournament {
	t := &Tournament{Points: DefaultPoints, PhantomScore: DefaultPhantomScore}
	for i := range 8 {
		t.Players = append(t.Players, Player{ID: fmt.Sprintf("p%d", i+1), Rating: float64(2000 - 100*i)})
	}
	return t
}

// roundOne is the first round of the example, paired by dazed: p1, p2, p3
// and p8 win.
var roundOne = Round{Matches: []Match{
	{A: "p1", B: "p5", Score: [2]int{25, 10}},
	{A: "p2", B: "p6", Score: [2]int{25, 20}},
	{A: "p3", B: "p7", Score: [2]int{25, 0}},
	{A: "p4", B: "p8", Score: [2]int{15, 25}},
}}

func show(ps []Pairing) string {
	var s []string
	for _, p := range ps {
		b := p.B
		if b == "" {
			b = "phantom"
		}
		s = append(s, fmt.Sprintf("%d:%s-%s", p.Board, p.A, b))
	}
	return strings.Join(s, " ")
}

// TestWorkedExamples are the examples of docs/tournaments.md.
func TestWorkedExamples(t *testing.T) {
	seven := eight()
	seven.Players = seven.Players[:7]
	withOne := eight()
	withOne.Rounds = []Round{roundOne}
	repeats := eight()
	repeats.Players = repeats.Players[:4]
	repeats.Rounds = []Round{
		{Matches: []Match{{A: "p1", B: "p2", Score: [2]int{25, 0}}, {A: "p3", B: "p4", Score: [2]int{25, 0}}}},
		{Matches: []Match{{A: "p1", B: "p3", Score: [2]int{25, 0}}, {A: "p2", B: "p4", Score: [2]int{25, 0}}}},
	}
	for _, c := range []struct {
		name string
		t    *Tournament
		m    Method
		want string
	}{
		{"round 1 serial", eight(), Serial, "1:p1-p2 2:p3-p4 3:p5-p6 4:p7-p8"},
		{"round 1 dazed", eight(), Dazed, "1:p1-p5 2:p2-p6 3:p3-p7 4:p4-p8"},
		{"round 1 staggered", eight(), Staggered, "1:p1-p5 2:p2-p6 3:p3-p7 4:p4-p8"},
		{"round 1 dutch", eight(), Dutch, "1:p1-p5 2:p2-p6 3:p3-p7 4:p4-p8"},
		{"seven dazed", seven, Dazed, "1:p1-p4 2:p2-p5 3:p3-p6 4:p7-phantom"},
		{"seven dutch", seven, Dutch, "1:p1-p4 2:p2-p5 3:p3-p6 4:p7-phantom"},
		{"round 2 serial", withOne, Serial, "1:p8-p2 2:p3-p1 3:p6-p4 4:p5-p7"},
		{"round 2 dazed", withOne, Dazed, "1:p3-p8 2:p4-p7 3:p6-p5 4:p1-p2"},
		{"round 2 dutch", withOne, Dutch, "1:p3-p8 2:p4-p7 3:p6-p5 4:p1-p2"},
		{"round 3 of four: no repeat", repeats, Serial, "1:p1-p4 2:p2-p3"},
	} {
		got, err := Swiss(c.t, SwissOptions{Method: c.m})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if show(got) != c.want {
			t.Errorf("%s: %s; want %s", c.name, show(got), c.want)
		}
	}

	// The draw of docs/tournaments.md, recomputed there by hand from the
	// SplitMix64 and Fisher–Yates it specifies.
	drawn := &Tournament{Points: DefaultPoints, Seed: 7}
	for i := range 6 {
		drawn.Players = append(drawn.Players, Player{ID: fmt.Sprintf("p%d", i+1)})
	}
	if got, _ := Swiss(drawn, SwissOptions{Method: Serial}); show(got) != "1:p2-p6 2:p1-p3 3:p5-p4" {
		t.Errorf("six unrated players, seed 7: %s; want 1:p2-p6 2:p1-p3 3:p5-p4", show(got))
	}
	drawn.Seed = 8
	if got, _ := Swiss(drawn, SwissOptions{Method: Serial}); show(got) == "1:p2-p6 2:p1-p3 3:p5-p4" {
		t.Error("seeds 7 and 8 draw the same first round")
	}

	var lines []string
	for _, s := range Standings(withOne, NoAdjustment) {
		lines = append(lines, fmt.Sprintf("%d %s %d %d %d %d", s.Rank, s.ID, s.Points, s.Buchholz, s.Net, s.Total))
	}
	want := []string{"1 p3 2 0 25 25", "2 p1 2 0 15 25", "3 p8 2 0 10 25", "4 p2 2 0 5 25",
		"5 p6 0 2 -5 20", "6 p4 0 2 -10 15", "7 p5 0 2 -15 10", "8 p7 0 2 -25 0"}
	if !slices.Equal(lines, want) {
		t.Errorf("standings after round 1:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}

	if got := fmt.Sprint(Bracket(6)); got != "[[1 0] [4 5] [2 0] [3 6]]" {
		t.Errorf("Bracket(6) = %s", got)
	}
}

// TestCompatriotsAndDelay: avoiding compatriots moves a compatriot of the
// same points behind the others; delaying the top players orders a score
// group by rating before the net score.
func TestCompatriotsAndDelay(t *testing.T) {
	tr := eight()
	for i := range tr.Players {
		tr.Players[i].Country = []string{"IT", "IT", "FR", "FR", "IT", "FR", "IT", "FR"}[i]
	}
	got, _ := Swiss(tr, SwissOptions{Method: Serial, AvoidCompatriots: 1})
	if want := "1:p1-p3 2:p2-p4 3:p5-p6 4:p7-p8"; show(got) != want {
		t.Errorf("serial avoiding compatriots: %s; want %s", show(got), want)
	}
	withOne := eight()
	withOne.Rounds = []Round{roundOne}
	got, _ = Swiss(withOne, SwissOptions{Method: Serial, DelayTop: 1})
	if want := "1:p1-p2 2:p3-p8 3:p4-p5 4:p6-p7"; show(got) != want {
		t.Errorf("serial delaying the top players: %s; want %s", show(got), want)
	}
}

// TestWithdrawalAdjustment: p4 withdraws after round 1 (missing round 2),
// having 0 points from 1 match; p2 withdraws with 2 from 1: Trend adds 2
// to the Buchholz of p2's opponents, Trend70 1 (70 % of 2, rounded down).
func TestWithdrawalAdjustment(t *testing.T) {
	tr := eight()
	tr.Players = tr.Players[:4]
	tr.Rounds = []Round{
		{Matches: []Match{{A: "p1", B: "p3", Score: [2]int{25, 0}}, {A: "p2", B: "p4", Score: [2]int{25, 0}}}},
		{Matches: []Match{{A: "p1", B: "p3", Score: [2]int{25, 0}}}},
	}
	for _, c := range []struct {
		adj  Adjustment
		want int
	}{{NoAdjustment, 0}, {Trend, 2}, {Trend70, 1}} {
		for _, s := range Standings(tr, c.adj) {
			if s.ID == "p4" && s.Buchholz != 2+c.want {
				t.Errorf("adjustment %d: p4's Buchholz %d; want %d", c.adj, s.Buchholz, 2+c.want)
			}
		}
	}
}

// FuzzDecodeRequest: any input is decoded or refused with an error, never a
// panic; a decoded one is answered or refused the same way.
func FuzzDecodeRequest(f *testing.F) {
	names, _ := filepath.Glob(filepath.Join("..", "cmd", "carrom", "testdata", "tourney", "*.json"))
	for _, name := range names {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"system":"knockout","seeds":["a","b","c"],"players":[{"id":"a"},{"id":"b"},{"id":"c"}],"rounds":[]}`))
	f.Add([]byte(`{"system":"swiss","method":"dutch","players":[{"id":"a","rating":1}],"rounds":[{"matches":[{"a":"a","b":null,"score":[1,0]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := DecodeRequest(bytes.NewReader(data))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		if len(req.Players) > 64 {
			return
		}
		req.Options.MaxSteps = 100_000
		_, _ = Pair(req)
	})
}
