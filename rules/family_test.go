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
	if _, err := ByName("carom"); err == nil {
		t.Errorf("ByName(carom) succeeded; want an error")
	}
}

// Every rule set ByName knows carries its name, and a variant without
// colours its behaviour (RULES §14): a match of it is its colourless
// board, which NewMatch seats as the variant allows.
func TestRuleSetsByName(t *testing.T) {
	for _, name := range Names {
		r, err := ByName(name)
		if err != nil || r.Name != name {
			t.Fatalf("ByName(%s) = %q, %v", name, r.Name, err)
		}
		lo, hi := r.Seats()
		if _, err := NewMatch(r, hi+1); err == nil {
			t.Errorf("%s with %d players accepted", name, hi+1)
		}
		m, err := NewMatch(r, lo)
		if err != nil {
			t.Fatalf("NewMatch(%s, %d): %v", name, lo, err)
		}
		if (r.Variant != nil) != (m.Colourless.Variant != nil) || r.Rings != (name == "pockets") {
			t.Errorf("%s: variant %v, board's %v, rings %v", name, r.Variant, m.Colourless.Variant, r.Rings)
		}
	}
}

// A variant's match hands every input to its board and mirrors the turn
// and the end (RULES V-1, V-3); the inputs of ICF it lacks are refused.
func TestVariantMatch(t *testing.T) {
	m, _ := NewMatch(Of(PointCarrom()), 3)
	m, _, err := m.Stroke(Stroke{})
	if err != nil || !m.Colourless.Broken {
		t.Fatalf("break: %v, %+v", err, m.Colourless)
	}
	m, _, _ = m.Stroke(Stroke{Missed: true})
	if m.Turn != 2 || m.Colourless.Turn != 2 || m.SideOf(2) != 2 {
		t.Errorf("after a miss: turn %d, board's %d, side of seat 2 %d; want 2, 2, 2", m.Turn, m.Colourless.Turn, m.SideOf(2))
	}
	for name, f := range map[string]func() error{
		"toss":      func() error { _, _, err := m.Toss(0); return err },
		"technical": func() error { _, _, err := m.Technical(0); return err },
		"claim":     func() error { _, _, err := m.ClaimTwoTurns(); return err },
		"forgo":     func() error { _, _, err := m.Forgo(White); return err },
		"buy":       func() error { _, _, err := m.Buy(Purchase{}); return err },
		"concede 9": func() error { _, _, err := m.Concede(9); return err },
		"void T-9":  func() error { _, _, err := m.Void("T-9"); return err },
		"forfeit":   func() error { _, _, err := m.Forfeit(5, "TM-3"); return err },
	} {
		if err := f(); err == nil {
			t.Errorf("%s in point carrom accepted", name)
		}
	}
	over, rul, err := m.Forfeit(1, "TM-3")
	if err != nil || over.Awaiting != AwaitNothing || over.Winner != 0 || rul.MatchWinner != 0 {
		t.Errorf("forfeit by player 1: %v, awaiting %v, winner %d; want player 0", err, over.Awaiting, over.Winner)
	}
	void, rul, err := m.Void("ST-3")
	if err != nil || rul.Result == nil || rul.Result.Rule != "ST-3" || void.Colourless.Broken || void.Turn != 0 {
		t.Errorf("void: %v, %+v; want a fresh board broken by player 0", err, rul.Result)
	}
	if _, _, err := (Match{Rules: ICF(), Players: 2}).Buy(Purchase{}); !errors.Is(err, ErrBadBuy) {
		t.Errorf("a purchase under ICF: %v; want ErrBadBuy", err)
	}
}
