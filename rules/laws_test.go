package rules

import (
	"errors"
	"reflect"
	"testing"
)

// The tests in this file each check one reading of the law texts where the
// referee once went wrong; each cites the articles it reads.

// TestImproperStrokeWithTheStriker: a stroke that is improper and pockets
// the striker costs one c/m for the two, not a due and a penalty (RULES
// D-1, D-6; Italian law 51, French 3.11 a and e).
func TestImproperStrokeWithTheStriker(t *testing.T) {
	owes := func(m *Match) { m.Board.Owed[0] = 1; left(m, 9, 7) }
	runStrokeCases(t, []strokeCase{
		{name: "D-1 improper stroke, striker alone: one c/m, turn lost", in: Stroke{Striker: true, Foul: true},
			want: outcome{turn: 1, on: on(7, 7, true), place: []Placing{{White, 1, 1, "D-1"}},
				applied: []string{"D-5", "D-1"}}},
		{name: "D-1 D-2 improper stroke, striker alone, already owing: owes one more, not two", setup: owes,
			in:   Stroke{Striker: true, Foul: true},
			want: outcome{turn: 1, on: on(9, 7, true), owed: [2]int{2, 0}, applied: []string{"D-5", "D-1", "D-2"}}},
		{name: "D-6 improper stroke, own c/m and the striker: those plus one penalty", in: w(2).withStriker().withFoul(),
			want: outcome{turn: 1, on: on(7, 7, true),
				place:   []Placing{{White, 2, 1, "D-6"}, {White, 1, 1, "D-5"}},
				applied: []string{"D-5", "D-6"}}},
		{name: "D-6 improper stroke, queen, own c/m and the striker: all back plus one penalty",
			in: w(1).withQueen().withStriker().withFoul(),
			want: outcome{turn: 1, on: on(7, 7, true), centre: []Kind{TheQueen},
				place:   []Placing{{White, 1, 1, "D-6"}, {White, 1, 1, "D-5"}},
				applied: []string{"D-5", "D-6", "Q-11"}}},
		{name: "D-7 improper stroke, opponent's c/m and the striker: they count, one penalty",
			in: b(1).withStriker().withFoul(),
			want: outcome{turn: 1, on: on(7, 6, true), place: []Placing{{White, 1, 1, "D-5"}},
				applied: []string{"D-5", "T-3", "D-7"}}},
		{name: "SP-14 D-6 improper stroke, opponent's last c/m and the striker, queen covered: one c/m, not two",
			setup: func(m *Match) { left(m, 4, 1); covered(m, 1) }, in: b(1).withStriker().withFoul(),
			want: outcome{applied: []string{"D-5", "T-3", "SC-4", "SP-14"}}, result: &Result{Winner: 1, Points: 4 + 1 + 3, Rule: "SP-14"}},
		{name: "D-3 a proper stroke with own c/m and the striker still pays the due and keeps the turn",
			in: w(1).withStriker(),
			want: outcome{turn: 0, kept: true, on: on(7, 7, true),
				place:   []Placing{{White, 1, 1, "D-3"}, {White, 1, 1, "D-1"}},
				applied: []string{"D-3", "T-1"}}},
	})
}

// TestSP11OverTwentyOne: French 3.7 f) makes every ending from f) to m)
// worth 1 point instead of 3 to a winner already at 22 or more; SP-11 is
// F 3.7 m) (RULES SP-11, SC-3).
func TestSP11OverTwentyOne(t *testing.T) {
	setup := func(score int) func(m *Match) {
		return func(m *Match) { lastOfBoth(m); covered(m, 1); m.Score[1] = score }
	}
	runStrokeCases(t, []strokeCase{
		{name: "SP-11 opponent at 21 wins 3", setup: setup(21), in: wb(1, 1).withStriker(),
			want: outcome{applied: []string{"T-3", "SP-11"}}, result: &Result{Winner: 1, Points: 3, Rule: "SP-11"}},
		{name: "SP-11 opponent at 22 wins 1", setup: setup(22), in: wb(1, 1).withStriker(),
			want: outcome{applied: []string{"T-3", "SP-11"}}, result: &Result{Winner: 1, Points: 1, Rule: "SP-11"}},
		{name: "SP-11 SC-4 opponent at 22, improper stroke: 1 and one more penalty", setup: setup(22),
			in:   wb(1, 1).withStriker().withFoul(),
			want: outcome{applied: []string{"D-5", "T-3", "SC-4", "SP-11"}}, result: &Result{Winner: 1, Points: 2, Rule: "SP-11"}},
	})
}

// TestLeavingTheSeatCountsTheQueen: Italian law 65 — the offender loses the
// board by all his c/m left "più la Regina"; the queen counts unless he
// covered it himself, and not for an opponent over 21 (RULES D-10).
func TestLeavingTheSeatCountsTheQueen(t *testing.T) {
	tests := []struct {
		name  string
		queen func(m *Match)
		score int
		want  int
	}{
		{"D-10 queen on the board", func(*Match) {}, 0, 6 + 3},
		{"D-10 queen awaiting the offender's cover", func(m *Match) { pending(m, 0) }, 0, 6 + 3},
		{"D-10 queen awaiting the opponent's cover", func(m *Match) { pending(m, 1) }, 0, 6 + 3},
		{"D-10 queen covered by the opponent", func(m *Match) { covered(m, 1) }, 0, 6 + 3},
		{"D-10 queen covered by the offender", func(m *Match) { covered(m, 0) }, 0, 6},
		{"D-10 queen covered by the opponent, who is over 21", func(m *Match) { covered(m, 1) }, 22, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := midgame(ICF())
			tc.queen(&m)
			m.Score[1] = tc.score
			_, rul, err := m.Forfeit(0, "D-10")
			want := Result{Winner: 1, Points: tc.want, Rule: "D-10"}
			if err != nil || rul.Result == nil || *rul.Result != want {
				t.Errorf("Forfeit(0, D-10) = %+v, %v; want %+v", rul.Result, err, want)
			}
		})
	}
}

// TestTechnicalFoulWaitsForTheOffendersTurn: French 4.1.1 — "Quand vient son
// tour de jouer, il doit d'abord donner un pion de pénalité": the penalty
// is taken when the offender's turn comes, placed then by his opponent,
// and the position the other side plays is left alone (RULES D-9, PL-1).
func TestTechnicalFoulWaitsForTheOffendersTurn(t *testing.T) {
	m := midgame(ICF())
	m, rul, err := m.Technical(1)
	if err != nil || m.Board.OnBoard != on(6, 7, true) || len(rul.Place) != 0 || m.Board.Technical != [2]int{0, 1} {
		t.Fatalf("Technical(1) = on %+v, place %+v, pending %v, %v; want nothing placed, one pending for side 1",
			m.Board.OnBoard, rul.Place, m.Board.Technical, err)
	}
	// D-9: seat 0 keeps its turn: still nothing is placed.
	m, rul, _ = m.Stroke(w(1))
	if len(rul.Place) != 0 || m.Board.Technical != [2]int{0, 1} {
		t.Fatalf("a stroke keeping seat 0's turn placed %+v, pending %v; want nothing, still pending", rul.Place, m.Board.Technical)
	}
	// D-9: the turn passes to seat 1: seat 0 places the penalty at once.
	m, rul, _ = m.Stroke(Stroke{})
	if want := []Placing{{Black, 1, 0, "D-9"}}; !reflect.DeepEqual(rul.Place, want) || m.Board.OnBoard.Black != 8 || m.Board.Technical != [2]int{} {
		t.Errorf("turn passed to seat 1: place %+v, black %d, pending %v; want %+v, 8, none", rul.Place, m.Board.OnBoard.Black, m.Board.Technical, want)
	}
	if !reflect.DeepEqual(rul.Applied, []string{"D-9"}) {
		t.Errorf("applied %v; want [D-9]", rul.Applied)
	}

	// D-9 D-2: with nothing pocketed the penalty becomes a debt.
	m = midgame(ICF())
	left(&m, 6, 9)
	m, _, _ = m.Technical(1)
	m, _, _ = m.Stroke(Stroke{})
	if m.Board.Owed != [2]int{0, 1} {
		t.Errorf("technical foul with nothing pocketed: owed %v; want [0 1]", m.Board.Owed)
	}

	// D-9 in singles, the side in turn commits fouls, not technical fouls.
	if _, _, err := midgame(ICF()).Technical(0); !errors.Is(err, ErrNotAwaited) {
		t.Errorf("Technical(0) with seat 0 in turn: error %v; want ErrNotAwaited", err)
	}
}

// TestTechnicalFoulInDoubles: the penalty is placed by the player on the
// right of the offender's side's striker when its turn comes (RULES D-9,
// PL-1; F 3.11 g).
func TestTechnicalFoulInDoubles(t *testing.T) {
	m, _ := NewMatch(ICF(), 4)
	m.Board.Broken = true
	m.Board.OnBoard = on(6, 7, true)
	m.Board.Earned = [2]bool{true, true}
	m, _, _ = m.Technical(1)
	m, rul, _ := m.Stroke(Stroke{})
	if want := []Placing{{Black, 1, 2, "D-9"}}; m.Turn != 1 || !reflect.DeepEqual(rul.Place, want) {
		t.Errorf("turn %d, place %+v; want seat 1 in turn, %+v", m.Turn, rul.Place, want)
	}
	// D-9: a technical foul by the side in turn (the partner of the striker)
	// waits for its next turn.
	m, _, _ = m.Technical(1)
	m, rul, _ = m.Stroke(Stroke{})
	if m.Turn != 2 || len(rul.Place) != 0 || m.Board.Technical != [2]int{0, 1} {
		t.Errorf("turn %d, place %+v, pending %v; want seat 2, nothing placed, one pending", m.Turn, rul.Place, m.Board.Technical)
	}
	m, rul, _ = m.Stroke(Stroke{})
	if want := []Placing{{Black, 1, 0, "D-9"}}; m.Turn != 3 || !reflect.DeepEqual(rul.Place, want) {
		t.Errorf("turn %d, place %+v; want seat 3, %+v", m.Turn, rul.Place, want)
	}
}

// TestTechnicalFoulCountsAtTheBoardsEnd: a penalty still waiting when the
// board ends is one more c/m the offender owes in its score (RULES D-9, SC-2).
func TestTechnicalFoulCountsAtTheBoardsEnd(t *testing.T) {
	m := midgame(ICF())
	left(&m, 1, 4)
	covered(&m, 0)
	m, _, _ = m.Technical(1)
	_, rul, err := m.Stroke(w(1))
	want := Result{Winner: 0, Points: 4 + 1 + 3, Rule: "SC-2"}
	if err != nil || rul.Result == nil || *rul.Result != want {
		t.Errorf("board won with a technical penalty pending = %+v, %v; want %+v", rul.Result, err, want)
	}
}
