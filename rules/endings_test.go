package rules

import "testing"

func lastOfBoth(m *Match) { left(m, 1, 1) }

func TestSpecialEndings(t *testing.T) {
	over21 := func(s Side) func(*Match) { return func(m *Match) { m.Score[s] = 22 } }
	then := func(fs ...func(*Match)) func(*Match) {
		return func(m *Match) {
			for _, f := range fs {
				f(m)
			}
		}
	}
	pend := func(m *Match) { pending(m, 0) }
	coveredBy := func(s Side) func(*Match) { return func(m *Match) { covered(m, s) } }
	runStrokeCases(t, []strokeCase{
		{name: "SP-1 both last c/m in the covering stroke: player wins 3", setup: then(lastOfBoth, pend), in: wb(1, 1),
			want: outcome{applied: []string{"T-3", "SP-1"}}, result: &Result{Winner: 0, Points: 3, Rule: "SP-1"}},
		{name: "SP-1 player over 21 wins 1", setup: then(lastOfBoth, pend, over21(0)), in: wb(1, 1),
			want: outcome{applied: []string{"T-3", "SP-1"}}, result: &Result{Winner: 0, Points: 1, Rule: "SP-1"}},
		{name: "SP-1 SC-3 a player at exactly 21 still wins 3", setup: then(lastOfBoth, pend, func(m *Match) { m.Score[0] = 21 }), in: wb(1, 1),
			want: outcome{applied: []string{"T-3", "SP-1"}}, result: &Result{Winner: 0, Points: 3, Rule: "SP-1"}},
		{name: "SP-7 PL-3 the opponent's last c/m pays his debt: no ending",
			setup: func(m *Match) { left(m, 6, 9); m.Board.Owed[1] = 1 }, in: wb(1, 9),
			want: outcome{turn: 0, kept: true, on: on(5, 1, true), place: []Placing{{Black, 1, 0, "PL-3"}}, applied: []string{"T-3", "PL-3", "T-1"}}},
		{name: "SP-2 the same with an improper stroke: opponent wins 3", setup: then(lastOfBoth, pend), in: wb(1, 1).withFoul(),
			want: outcome{applied: []string{"D-5", "T-3", "SC-4", "SP-2"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-2"}},
		{name: "SP-3 opponent's last c/m while covering: opponent wins coins and queen",
			setup: then(func(m *Match) { left(m, 3, 1) }, pend), in: b(1),
			want: outcome{applied: []string{"T-3", "SP-3"}}, result: &Result{Winner: 1, Points: 3 + 3, Rule: "SP-3"}},
		{name: "SP-3 opponent over 21: coins only", setup: then(func(m *Match) { left(m, 3, 1) }, pend, over21(1)), in: b(1),
			want: outcome{applied: []string{"T-3", "SP-3", "G-1", "S-5"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-3"}},
		{name: "SP-4 queen with both last c/m: player wins 3", setup: lastOfBoth, in: wb(1, 1).withQueen(),
			want: outcome{applied: []string{"T-3", "SP-4"}}, result: &Result{Winner: 0, Points: 3, Rule: "SP-4"}},
		{name: "SP-5 the same improper: opponent wins 3", setup: lastOfBoth, in: wb(1, 1).withQueen().withFoul(),
			want: outcome{applied: []string{"D-5", "T-3", "SC-4", "SP-5"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-5"}},
		{name: "SP-6 both last c/m with the queen on the board: opponent wins 3", setup: lastOfBoth, in: wb(1, 1),
			want: outcome{applied: []string{"T-3", "SP-6"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-6"}},
		{name: "SP-6 SC-4 improper: one more point", setup: lastOfBoth, in: wb(1, 1).withFoul(),
			want: outcome{applied: []string{"D-5", "T-3", "SC-4", "SP-6"}}, result: &Result{Winner: 1, Points: 4, Rule: "SP-6"}},
		{name: "SP-7 opponent's last c/m, queen on the board: opponent wins coins and queen",
			setup: func(m *Match) { left(m, 4, 1) }, in: b(1),
			want: outcome{applied: []string{"T-3", "SP-7"}}, result: &Result{Winner: 1, Points: 4 + 3, Rule: "SP-7"}},
		{name: "SP-7 SC-4 improper: one more point", setup: func(m *Match) { left(m, 4, 1) }, in: b(1).withFoul(),
			want: outcome{applied: []string{"D-5", "T-3", "SC-4", "SP-7"}}, result: &Result{Winner: 1, Points: 4 + 3 + 1, Rule: "SP-7"}},
		{name: "SP-8 own last c/m with the queen on the board: opponent wins 3", setup: func(m *Match) { left(m, 1, 5) }, in: w(1),
			want: outcome{applied: []string{"SP-8"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-8"}},
		{name: "SP-8 with the striker too", setup: func(m *Match) { left(m, 1, 5) }, in: w(1).withStriker(),
			want: outcome{applied: []string{"SP-8"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-8"}},
		{name: "SP-8 opponent over 21 wins 1", setup: then(func(m *Match) { left(m, 1, 5) }, over21(1)), in: w(1),
			want: outcome{applied: []string{"SP-8"}}, result: &Result{Winner: 1, Points: 1, Rule: "SP-8"}},
		{name: "SP-9 queen, both last c/m and striker: opponent wins 3", setup: lastOfBoth, in: wb(1, 1).withQueen().withStriker(),
			want: outcome{applied: []string{"T-3", "SP-9"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-9"}},
		{name: "SP-10 both last c/m and striker, queen covered by the player: opponent wins 1",
			setup: then(lastOfBoth, coveredBy(0)), in: wb(1, 1).withStriker(),
			want: outcome{applied: []string{"T-3", "SP-10"}}, result: &Result{Winner: 1, Points: 1, Rule: "SP-10"}},
		{name: "SP-11 both last c/m and striker, queen covered by the opponent: opponent wins 3",
			setup: then(lastOfBoth, coveredBy(1)), in: wb(1, 1).withStriker(),
			want: outcome{applied: []string{"T-3", "SP-11"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-11"}},
		{name: "SP-12 opponent's last c/m and striker, queen on the board: coins, queen and the due",
			setup: func(m *Match) { left(m, 4, 1) }, in: b(1).withStriker(),
			want: outcome{applied: []string{"T-3", "SP-12"}}, result: &Result{Winner: 1, Points: 4 + 3 + 1, Rule: "SP-12"}},
		{name: "SP-13 both last c/m, queen covered by the opponent: the coverer wins 3",
			setup: then(lastOfBoth, coveredBy(1)), in: wb(1, 1),
			want: outcome{applied: []string{"T-3", "SP-13"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-13"}},
		{name: "SP-13 queen covered by the player: he wins 3",
			setup: then(lastOfBoth, coveredBy(0)), in: wb(1, 1),
			want: outcome{applied: []string{"T-3", "SP-13"}}, result: &Result{Winner: 0, Points: 3, Rule: "SP-13"}},
		{name: "SP-14 opponent's last c/m, queen covered by him: player's c/m and the queen",
			setup: then(func(m *Match) { left(m, 4, 1) }, coveredBy(1)), in: b(1),
			want: outcome{applied: []string{"T-3", "SP-14"}}, result: &Result{Winner: 1, Points: 4 + 3, Rule: "SP-14"}},
		{name: "SP-14 with the striker: one more for the due",
			setup: then(func(m *Match) { left(m, 4, 1) }, coveredBy(1)), in: b(1).withStriker(),
			want: outcome{applied: []string{"T-3", "SP-14"}}, result: &Result{Winner: 1, Points: 4 + 3 + 1, Rule: "SP-14"}},
		{name: "SP-14 queen covered by the player: his c/m only",
			setup: then(func(m *Match) { left(m, 4, 1) }, coveredBy(0)), in: b(1),
			want: outcome{applied: []string{"T-3", "SP-14"}}, result: &Result{Winner: 1, Points: 4, Rule: "SP-14"}},
		{name: "SC-1 SC-2 own last c/m, queen covered earlier: wins the opponent's c/m and the queen",
			setup: then(func(m *Match) { left(m, 1, 5) }, coveredBy(0)), in: w(1),
			want: outcome{applied: []string{"SC-2"}}, result: &Result{Winner: 0, Points: 5 + 3, Rule: "SC-2"}},
		{name: "SC-2 owed c/m count for the winner",
			setup: then(func(m *Match) { left(m, 1, 9); m.Board.Owed[1] = 2 }, coveredBy(1)), in: w(1),
			want: outcome{applied: []string{"SC-2"}}, result: &Result{Winner: 0, Points: 9 + 2, Rule: "SC-2"}},
		{name: "SC-2 at most 12 points in a board",
			setup: then(func(m *Match) { left(m, 1, 9); m.Board.Owed[1] = 2 }, coveredBy(0)), in: w(1),
			want: outcome{applied: []string{"SC-2"}}, result: &Result{Winner: 0, Points: 12, Rule: "SC-2"}},
		{name: "SC-1 Q-4 last c/m covers the queen and wins",
			setup: then(func(m *Match) { left(m, 1, 5) }, pend), in: w(1),
			want: outcome{applied: []string{"Q-4", "SC-2"}}, result: &Result{Winner: 0, Points: 5 + 3, Rule: "SC-2"}},
		{name: "Q-12 the queen is worth nothing to a winner at 22",
			setup: then(func(m *Match) { left(m, 1, 5) }, coveredBy(0), over21(0)), in: w(1),
			want: outcome{applied: []string{"SC-2", "G-1", "S-5"}}, result: &Result{Winner: 0, Points: 5, Rule: "SC-2"}},
		{name: "Q-12 the loser never scores the queen",
			setup: then(func(m *Match) { left(m, 1, 5) }, coveredBy(1)), in: w(1),
			want: outcome{applied: []string{"SC-2"}}, result: &Result{Winner: 0, Points: 5, Rule: "SC-2"}},
		{name: "SC-3a own last c/m with the striker goes back: the board goes on",
			setup: then(func(m *Match) { left(m, 1, 5) }, coveredBy(0)), in: w(1).withStriker(),
			want: outcome{turn: 0, kept: true, on: on(2, 5, false), queen: QueenCovered, qside: 0,
				place: []Placing{{White, 1, 1, "D-3"}, {White, 1, 1, "D-1"}}, applied: []string{"D-3", "T-1"}}},
		{name: "SC-3a own last c/m in a foul goes back: the board goes on",
			setup: then(func(m *Match) { left(m, 1, 5) }, coveredBy(0)), in: w(1).withFoul(),
			want: outcome{turn: 1, on: on(2, 5, false), queen: QueenCovered, qside: 0,
				place: []Placing{{White, 1, 1, "D-6"}, {White, 1, 1, "D-5"}}, applied: []string{"D-5", "D-6"}}},
	})
}

func TestSlams(t *testing.T) {
	// RULES SC-5: a white slam clears the board in the breaker's first turn.
	m, _ := NewMatch(ICF(), 2)
	_, rul, err := m.Stroke(w(9).withQueen())
	if err != nil {
		t.Fatal(err)
	}
	if want := (Result{Winner: 0, Points: 12, Rule: "SC-2", Slam: "white"}); rul.Result == nil || *rul.Result != want {
		t.Errorf("break pocketing all white and the queen: result %+v; want %+v (RULES SC-5)", rul.Result, want)
	}
	// A black slam clears the remaining black in the opponent's first turn.
	m, _ = NewMatch(ICF(), 2)
	m, _, _ = m.Stroke(Stroke{})
	m, _, _ = m.Stroke(b(2).withQueen())
	_, rul, _ = m.Stroke(b(7))
	if want := (Result{Winner: 1, Points: 9 + 3, Rule: "SC-2", Slam: "black"}); rul.Result == nil || *rul.Result != want {
		t.Errorf("black clearing in his first turn: result %+v; want %+v", rul.Result, want)
	}
	// Not a slam once the turn has passed back.
	m, _ = NewMatch(ICF(), 2)
	m, _, _ = m.Stroke(Stroke{})
	m, _, _ = m.Stroke(Stroke{})
	m, _, _ = m.Stroke(w(2).withQueen())
	_, rul, _ = m.Stroke(w(7))
	if rul.Result == nil || rul.Result.Slam != "" || rul.Result.Winner != 0 {
		t.Errorf("white clearing in his second turn: result %+v; want a win without a slam", rul.Result)
	}
}

func TestVoidBoard(t *testing.T) {
	// RULES T-4: both sides pass the turn three times without touching a
	// c/m: the board is void and replayed by the same breaker.
	m := midgame(ICF())
	m.Board.Breaker = 0
	var rul Ruling
	for i := 0; i < 6; i++ {
		var err error
		m, rul, err = m.Stroke(Stroke{Missed: true})
		if err != nil {
			t.Fatal(err)
		}
		if i < 5 && rul.Result != nil {
			t.Fatalf("board ended after %d idle strokes", i+1)
		}
	}
	if want := (Result{Winner: NoSide, Rule: "T-4"}); rul.Result == nil || *rul.Result != want {
		t.Fatalf("sixth idle stroke: result %+v; want %+v", rul.Result, want)
	}
	if m.Board.Number != 1 || m.Board.Breaker != 0 || m.Board.Broken || m.Score != [2]int{} {
		t.Errorf("after T-4: board %d, breaker %d, broken %v, score %v; want board 1 replayed by seat 0", m.Board.Number, m.Board.Breaker, m.Board.Broken, m.Score)
	}
	// A touching stroke in between resets the count.
	m = midgame(ICF())
	for i := 0; i < 10; i++ {
		s := Stroke{Missed: true}
		if i == 4 {
			s = Stroke{}
		}
		m, rul, _ = m.Stroke(s)
		if rul.Result != nil {
			t.Fatalf("board ended after stroke %d though a c/m was touched at stroke 5", i+1)
		}
	}
	// RULES ST-3: no legal striker position: the umpire voids the board.
	m = midgame(ICF())
	m, rul, err := m.Void("ST-3")
	if err != nil || rul.Result == nil || rul.Result.Rule != "ST-3" || m.Board.Broken {
		t.Errorf("Void(ST-3) = %+v, %v; want the board replayed", rul.Result, err)
	}
}

// TestPassesBeforeTheBreak: failed break attempts, however many, never void
// the board; single attempts alternate until the break is made (RULES B-4,
// §15: T-4 counts only once the board is broken), in ICF and the variants.
func TestPassesBeforeTheBreak(t *testing.T) {
	m, _ := NewMatch(ICF(), 2)
	g, _ := NewColourless(PointCarrom(), 3)
	for i := range 30 {
		var rm, rg Ruling
		m, rm, _ = m.Stroke(Stroke{Missed: true})
		g, rg, _ = g.Stroke(Stroke{Missed: true})
		if rm.Result != nil || rg.Result != nil || m.Board.Broken || g.Broken {
			t.Fatalf("failed break attempt %d: results %+v, %+v; want the board still awaiting its break (RULES B-4)", i+1, rm.Result, rg.Result)
		}
	}
	// Three attempts by seat 0, then 27 single attempts in turn.
	if m.Turn != 0 || g.Turn != 1 {
		t.Errorf("after 30 failed attempts: turns %d, %d; want seats 0 and 1 (RULES B-3, B-4)", m.Turn, g.Turn)
	}
}
