package rules

import (
	"errors"
	"slices"
	"testing"
)

func TestFamilyRules(t *testing.T) {
	fam := Family
	runStrokeCases(t, []strokeCase{
		{name: "H-2 H-3 striker pocketed is a foul: a penalty to the centre, own c/m stay pocketed", rules: fam,
			in:   w(1).withStriker(),
			want: outcome{turn: 1, on: on(6, 7, true), place: []Placing{{White, 1, CentrePlacer, "D-5"}}, applied: []string{"H-2"}}},
		{name: "H-2 striker off the board without an own c/m is a foul", rules: fam, in: Stroke{StrikerOff: true},
			want: outcome{turn: 1, on: on(7, 7, true), place: []Placing{{White, 1, CentrePlacer, "D-5"}}, applied: []string{"H-2"}}},
		{name: "H-2 striker off the board with an own c/m is not", rules: fam, in: Stroke{StrikerOff: true, Pocketed: Count{White: 1}},
			want: outcome{applied: []string{"T-1"}, turn: 0, kept: true, on: on(5, 7, true)}},
		{name: "H-2 pocketing an opponent's c/m is a foul", rules: fam, in: b(1),
			want: outcome{turn: 1, on: on(7, 6, true), place: []Placing{{White, 1, CentrePlacer, "D-5"}}, applied: []string{"H-2"}}},
		{name: "H-2 the queen before an own c/m is a foul", rules: fam,
			setup: func(m *Match) { left(m, 9, 7); m.Board.Earned[0] = false }, in: Stroke{}.withQueen(),
			want: outcome{turn: 1, on: on(9, 7, true), owed: [2]int{1, 0}, centre: []Kind{TheQueen}, applied: []string{"H-2", "D-6", "Q-11", "D-2"}}},
		{name: "H-4 pieces off the board go to the centre, no foul", rules: fam, in: Stroke{Jumped: Count{Black: 1}},
			want: outcome{applied: []string{"J-1"}, turn: 1, on: on(6, 7, true), centre: []Kind{BlackMan}}},
		{name: "H-5 all own c/m and the queen covered: 1 per opponent c/m and 5 for the queen", rules: fam,
			setup: func(m *Match) { left(m, 1, 4); covered(m, 0) }, in: w(1),
			want: outcome{applied: []string{"H-5"}}, result: &Result{Winner: 0, Points: 4 + 5, Rule: "H-5"}},
		{name: "H-5 no cap on the board's points", rules: fam,
			setup: func(m *Match) { left(m, 1, 9); covered(m, 0) }, in: w(1),
			want: outcome{applied: []string{"H-5"}}, result: &Result{Winner: 0, Points: 14, Rule: "H-5"}},
		{name: "H-5 the loser never scores the queen", rules: fam,
			setup: func(m *Match) { left(m, 1, 4); covered(m, 1) }, in: w(1),
			want: outcome{applied: []string{"H-5"}}, result: &Result{Winner: 0, Points: 4, Rule: "H-5"}},
		{name: "H-6 all own c/m while the queen is on the board loses by 5", rules: fam,
			setup: func(m *Match) { left(m, 1, 4) }, in: w(1),
			want: outcome{applied: []string{"H-6"}}, result: &Result{Winner: 1, Points: 5, Rule: "H-6"}},
		{name: "H-6 the opponent's last c/m before the queen is covered loses by own c/m and 5", rules: fam,
			setup: func(m *Match) { left(m, 3, 1) }, in: b(1),
			want: outcome{applied: []string{"H-2", "H-6"}}, result: &Result{Winner: 1, Points: 3 + 1 + 5, Rule: "H-6"}},
		{name: "H-7 from 20 points the queen is worth 1", rules: fam,
			setup: func(m *Match) { left(m, 1, 4); covered(m, 0); m.Score[0] = 20 }, in: w(1),
			want: outcome{applied: []string{"H-5", "G-1", "S-5"}}, result: &Result{Winner: 0, Points: 4 + 1, Rule: "H-5"}},
	})
}

func TestFamilyBreakAndTwoTurns(t *testing.T) {
	// RULES H-1: the third failed break attempt is a foul and the turn passes.
	m, _ := NewMatch(Family(), 2)
	var rul Ruling
	for i := 0; i < 3; i++ {
		m, rul, _ = m.Stroke(Stroke{Missed: true})
	}
	if want := []string{"B-4", "H-1", "D-2"}; !slices.Equal(rul.Applied, want) {
		t.Errorf("third failed family break applied %q; want %q", rul.Applied, want)
	}
	if m.Turn != 1 || m.Board.Owed != [2]int{1, 0} || !m.Board.Claimable[1] {
		t.Fatalf("after three failed family breaks: turn %d, owed %v, claimable %v; want seat 1, [1 0], side 1 may claim", m.Turn, m.Board.Owed, m.Board.Claimable)
	}
	// RULES H-3: the opponent may take two consecutive turns instead.
	m, _, err := m.ClaimTwoTurns()
	if err != nil || m.Board.Owed != [2]int{} || !m.Board.Extra {
		t.Fatalf("ClaimTwoTurns: owed %v, extra %v, %v", m.Board.Owed, m.Board.Extra, err)
	}
	m, rul, _ = m.Stroke(Stroke{})
	if m.Turn != 1 || !rul.TurnKept {
		t.Errorf("first of two turns ends: turn %d; want seat 1 again", m.Turn)
	}
	m, _, _ = m.Stroke(Stroke{})
	if m.Turn != 0 {
		t.Errorf("second of two turns ends: turn %d; want seat 0", m.Turn)
	}
	if _, _, err := m.ClaimTwoTurns(); !errors.Is(err, ErrNoClaim) {
		t.Errorf("claim with nothing owed: error %v; want ErrNoClaim", err)
	}
	// A foul in the first of the two turns loses the second.
	m, _ = NewMatch(Family(), 2)
	m.Board.Broken = true
	m.Board.Owed[0] = 1
	m.Board.Claimable[1] = true
	m.Turn = 1
	m, _, _ = m.ClaimTwoTurns()
	m, _, _ = m.Stroke(Stroke{Foul: true})
	if m.Turn != 0 {
		t.Errorf("foul in the first of two turns: turn %d; want seat 0", m.Turn)
	}
	if _, _, err := midgame(ICF()).ClaimTwoTurns(); !errors.Is(err, ErrNoClaim) {
		t.Errorf("claim under ICF: error %v; want ErrNoClaim", err)
	}
}

func TestFamilyTable(t *testing.T) {
	// RULES H-8: doubles play clockwise; seats stay numbered in turn order,
	// and the rule set tells the table to seat them the other way round.
	// RULES A-3: the family set-up turns two whites towards the first player.
	if f, i := Family(), ICF(); !f.Clockwise || i.Clockwise || !f.TwoWhitesFacing || i.TwoWhitesFacing {
		t.Errorf("Clockwise/TwoWhitesFacing: family %v/%v, icf %v/%v; want true/true, false/false (RULES H-8, A-3)", f.Clockwise, f.TwoWhitesFacing, i.Clockwise, i.TwoWhitesFacing)
	}
	m, _ := NewMatch(Family(), 4)
	for want := 0; want < 4; want++ {
		if m.Turn != want {
			t.Errorf("family doubles turn %d; want %d (RULES H-8)", m.Turn, want)
		}
		m, _, _ = m.Stroke(Stroke{})
	}
	if _, err := ByName("point"); err == nil {
		t.Errorf("ByName(point) succeeded; want an error until the variant exists")
	}
}
