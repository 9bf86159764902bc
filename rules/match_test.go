package rules

import (
	"errors"
	"slices"
	"testing"
)

// winBoard makes the seat in turn's side win the board at once by n points:
// the other side concedes with n of its c/m on the board and the queen
// covered by the concessioner.
func winBoard(t *testing.T, m Match, n int) (Match, Ruling) {
	t.Helper()
	loser := side(m.Turn).Other()
	if side(m.Turn) != loser {
		m.Turn = m.next(m.Turn)
	}
	m.Board.Broken = true
	m.Board.OnBoard = Count{White: n, Black: n}
	m.Board.Queen, m.Board.QueenSide = QueenCovered, loser
	m, rul, err := m.Concede(ConcedeBoard)
	if err != nil {
		t.Fatal(err)
	}
	return m, rul
}

func TestSinglesTurnAlternates(t *testing.T) {
	// RULES S-1: two players, each striking in turn.
	m, _ := NewMatch(ICF(), 2)
	var seats []int
	for i := 0; i < 4; i++ {
		seats = append(seats, m.Turn)
		m, _, _ = m.Stroke(Stroke{})
	}
	if want := []int{0, 1, 0, 1}; !slices.Equal(seats, want) {
		t.Errorf("singles turns %v; want %v (RULES S-1)", seats, want)
	}
}

func TestDoublesTurnPassesRight(t *testing.T) {
	// RULES S-2: four seats, the turn to the right; partners are opposite,
	// so seats 0 and 2 are side 0. PL-1: the placer is on the striker's right.
	m, _ := NewMatch(ICF(), 4)
	var seats []int
	for i := 0; i < 5; i++ {
		seats = append(seats, m.Turn)
		m, _, _ = m.Stroke(Stroke{})
	}
	if want := []int{0, 1, 2, 3, 0}; !slices.Equal(seats, want) {
		t.Errorf("doubles turns %v; want %v (RULES S-2)", seats, want)
	}
	m = midgame(ICF())
	m.Players = 4
	m.Turn = 2
	m, rul, _ := m.Stroke(w(1).withStriker())
	if want := []Placing{{White, 1, 3, "D-3"}, {White, 1, 3, "D-1"}}; !slices.Equal(rul.Place, want) {
		t.Errorf("seat 2 pockets the striker with a white: place %+v; want %+v", rul.Place, want)
	}
	if m.Turn != 2 {
		t.Errorf("turn = %d; want seat 2 to continue (RULES D-3)", m.Turn)
	}
	m, _, _ = m.Stroke(b(1))
	if m.Turn != 3 || m.Board.OnBoard.Black != 6 {
		t.Errorf("after seat 2 pocketed black: turn %d, black %d; want seat 3 and 6 black", m.Turn, m.Board.OnBoard.Black)
	}
}

func TestBreakOrder(t *testing.T) {
	// RULES B-7: the break alternates board by board; game 2 starts with the
	// player who did not break first in game 1; game 3 with the first again.
	for _, players := range []int{2, 4} {
		m, _ := NewMatch(ICF(), players)
		var breakers []int
		for i := 0; i < 3; i++ {
			breakers = append(breakers, m.Board.Breaker)
			if m.Board.White != side(m.Board.Breaker) {
				t.Errorf("board %d: white side %d; want the breaker's side (RULES B-1)", m.Board.Number, m.Board.White)
			}
			m, _ = winBoard(t, m, 1)
		}
		want := []int{0, 1, 0}
		if players == 4 {
			want = []int{0, 1, 2}
		}
		if !slices.Equal(breakers, want) {
			t.Errorf("%d players: breakers %v; want %v (RULES B-7)", players, breakers, want)
		}
		m, _, _ = m.Concede(ConcedeGame)
		if m.Game != 2 || m.Board.Breaker != 1 || m.Turn != 1 {
			t.Errorf("%d players, game 2: breaker %d, turn %d; want seat 1 (RULES B-7)", players, m.Board.Breaker, m.Turn)
		}
		m.Turn = 0 // side 0 concedes game 2, so that a third is played
		m, _, _ = m.Concede(ConcedeGame)
		if m.Game != 3 || m.Board.Breaker != 0 {
			t.Errorf("%d players, game 3: breaker %d; want seat 0", players, m.Board.Breaker)
		}
	}
	// RULES §15 (who breaks game 2 and 3): after a game 1 of an even number
	// of boards, game 2 is still broken by the side that did not break game
	// 1's first board (I 27–28, E), not by the alternation (F 3.5 g).
	m, _ := NewMatch(ICF(), 2)
	m, _ = winBoard(t, m, 1)
	m, _, _ = m.Concede(ConcedeGame)
	if m.Game != 2 || m.Board.Breaker != 1 {
		t.Errorf("game 2 after two boards: breaker %d; want seat 1 (RULES B-7)", m.Board.Breaker)
	}
}

func TestGameEnds(t *testing.T) {
	// RULES G-1: a game ends at 25 points.
	m, _ := NewMatch(ICF(), 2)
	m.Score = [2]int{20, 3}
	m, rul := winBoard(t, m, 6)
	if rul.GameWinner != 0 || rul.GameScore != [2]int{26, 3} || m.Games != [2]int{1, 0} || m.Game != 2 || m.Score != [2]int{} {
		t.Errorf("reaching 26: game winner %d, game score %v, games %v, game %d, score %v; want side 0, [26 3], [1 0], 2, [0 0]",
			rul.GameWinner, rul.GameScore, m.Games, m.Game, m.Score)
	}
	// RULES G-1: or after 8 boards, the leader wins.
	m, _ = NewMatch(ICF(), 2)
	m.Board.Number = 8
	m.Score = [2]int{10, 12}
	m.Turn = 0
	m, rul = winBoard(t, m, 1)
	if rul.GameWinner != 1 {
		t.Errorf("after board 8 at 11-12: game winner %d; want side 1", rul.GameWinner)
	}
}

func TestTieBreakBoard(t *testing.T) {
	// RULES G-2, B-8: tied after 8 boards, a toss decides the break of an extra board.
	m, _ := NewMatch(ICF(), 2)
	m.Board.Number = 8
	m.Score = [2]int{7, 10}
	m, rul := winBoard(t, m, 3)
	if m.Awaiting != AwaitToss || rul.GameWinner != NoSide || m.Board.Number != 9 {
		t.Fatalf("tied 10-10 after board 8: awaiting %v, game winner %d, board %d; want a toss before board 9 (RULES G-2)", m.Awaiting, rul.GameWinner, m.Board.Number)
	}
	if _, _, err := m.Stroke(Stroke{}); !errors.Is(err, ErrNotAwaited) {
		t.Errorf("stroke while a toss is awaited: error %v; want ErrNotAwaited", err)
	}
	if _, _, err := m.Toss(2); !errors.Is(err, ErrBadSide) {
		t.Errorf("Toss(2): error %v; want ErrBadSide", err)
	}
	m, rul, err := m.Toss(1)
	if err != nil || m.Board.Breaker != 1 || m.Turn != 1 || m.Board.White != 1 || !slices.Contains(rul.Applied, "B-8") {
		t.Fatalf("Toss(1): breaker %d, turn %d, white %d, %v; want side 1 to break with white", m.Board.Breaker, m.Turn, m.Board.White, err)
	}
	m, rul = winBoard(t, m, 2)
	if rul.GameWinner != 1 || m.Games != [2]int{0, 1} {
		t.Errorf("tie-break board won by side 1: game winner %d, games %v", rul.GameWinner, m.Games)
	}
}

func TestMatchBestOfThree(t *testing.T) {
	// RULES G-3: the first side to win two games wins the match.
	m, _ := NewMatch(ICF(), 2)
	m.Score = [2]int{24, 0}
	m, _ = winBoard(t, m, 1)
	m.Score = [2]int{0, 24}
	m.Turn = 1
	m, _ = winBoard(t, m, 1)
	if m.Games != [2]int{1, 1} || m.Game != 3 || m.Awaiting != AwaitStroke {
		t.Fatalf("after one game each: games %v, game %d, awaiting %v", m.Games, m.Game, m.Awaiting)
	}
	m.Score = [2]int{0, 24}
	m.Turn = 1
	m, rul := winBoard(t, m, 1)
	if rul.MatchWinner != 1 || m.Winner != 1 || m.Awaiting != AwaitNothing {
		t.Errorf("third game to side 1: match winner %d/%d, awaiting %v; want side 1, over (RULES G-3)", rul.MatchWinner, m.Winner, m.Awaiting)
	}
	if _, _, err := m.Stroke(Stroke{}); !errors.Is(err, ErrMatchIsOver) {
		t.Errorf("stroke after the match: error %v; want ErrMatchIsOver", err)
	}
}

func TestConcede(t *testing.T) {
	// RULES G-4: a conceded board scores for the opponent as SC-2, the queen
	// counted if still on the board or covered by the opponent.
	tests := []struct {
		name  string
		setup func(m *Match)
		want  Result
	}{
		{"G-4 queen on the board counts", func(m *Match) {}, Result{Winner: 1, Points: 6 + 3, Rule: "G-4"}},
		{"G-4 queen covered by the conceder does not", func(m *Match) { covered(m, 0) }, Result{Winner: 1, Points: 6, Rule: "G-4"}},
		{"G-4 queen covered by the opponent counts", func(m *Match) { covered(m, 1) }, Result{Winner: 1, Points: 6 + 3, Rule: "G-4"}},
		{"G-4 owed c/m count", func(m *Match) { left(m, 9, 7); m.Board.Owed[0] = 1; covered(m, 0) }, Result{Winner: 1, Points: 10, Rule: "G-4"}},
		{"G-4 at most 12", func(m *Match) { left(m, 9, 7); m.Board.Owed[0] = 2 }, Result{Winner: 1, Points: 12, Rule: "G-4"}},
	}
	for _, tc := range tests {
		m := midgame(ICF())
		tc.setup(&m)
		got, rul, err := m.Concede(ConcedeBoard)
		if err != nil || rul.Result == nil || *rul.Result != tc.want {
			t.Errorf("%s: Concede(board) = %+v, %v; want %+v", tc.name, rul.Result, err, tc.want)
			continue
		}
		if got.Score != [2]int{0, tc.want.Points} || got.Board.Number != 2 {
			t.Errorf("%s: score %v, board %d; want [0 %d], board 2", tc.name, got.Score, got.Board.Number, tc.want.Points)
		}
	}
	m, rul, _ := midgame(ICF()).Concede(ConcedeMatch)
	if rul.MatchWinner != 1 || m.Awaiting != AwaitNothing {
		t.Errorf("G-4 Concede(match): match winner %d, awaiting %v; want side 1, over", rul.MatchWinner, m.Awaiting)
	}
	if _, err := ParseConcession("set"); !errors.Is(err, ErrBadConcede) {
		t.Errorf("ParseConcession(set): error %v; want ErrBadConcede", err)
	}
}

func TestForfeits(t *testing.T) {
	// RULES D-10, TM-2: leaving the seat or playing out of turn loses the
	// board by the offender's c/m and the queen (for D-10 see also
	// TestLeavingTheSeatCountsTheQueen); TM-3: leaving the match loses it.
	m := midgame(ICF())
	_, rul, err := m.Forfeit(0, "D-10")
	if want := (Result{Winner: 1, Points: 6 + 3, Rule: "D-10"}); err != nil || rul.Result == nil || *rul.Result != want {
		t.Errorf("Forfeit(0, D-10) = %+v, %v; want %+v", rul.Result, err, want)
	}
	m = midgame(ICF())
	m.Score[0] = 22
	_, rul, _ = m.Forfeit(1, "D-10")
	if want := (Result{Winner: 0, Points: 7, Rule: "D-10"}); rul.Result == nil || *rul.Result != want {
		t.Errorf("Forfeit(1, D-10) with the opponent at 22 = %+v; want %+v (queen not counted)", rul.Result, want)
	}
	m = midgame(ICF())
	covered(&m, 0)
	_, rul, _ = m.Forfeit(1, "TM-2")
	if want := (Result{Winner: 0, Points: 7, Rule: "TM-2"}); rul.Result == nil || *rul.Result != want {
		t.Errorf("Forfeit(1, TM-2) = %+v; want %+v", rul.Result, want)
	}
	m, rul, _ = midgame(ICF()).Forfeit(0, "TM-3")
	if rul.MatchWinner != 1 || m.Awaiting != AwaitNothing {
		t.Errorf("Forfeit(0, TM-3): match winner %d, awaiting %v", rul.MatchWinner, m.Awaiting)
	}
	if _, _, err := midgame(ICF()).Forfeit(0, "X-1"); !errors.Is(err, ErrBadForfeit) {
		t.Errorf("Forfeit(0, X-1): error %v; want ErrBadForfeit", err)
	}
	if _, _, err := midgame(ICF()).Void("nope"); !errors.Is(err, ErrBadVoid) || errors.Is(err, ErrBadForfeit) {
		t.Errorf("Void(nope): error %v; want ErrBadVoid, not ErrBadForfeit", err)
	}
}

func TestBadStrokesChangeNothing(t *testing.T) {
	m := midgame(ICF())
	tests := []struct {
		name string
		in   Stroke
	}{
		{"more white than on the board", w(7)},
		{"negative count", b(-1)},
		{"pocketed and jumped beyond the board", Stroke{Pocketed: Count{White: 4}, Jumped: Count{White: 3}}},
		{"queen both pocketed and off the board", Stroke{Pocketed: Count{Queen: true}, Jumped: Count{Queen: true}}},
		{"no c/m touched yet one pocketed", Stroke{Missed: true, Pocketed: Count{White: 1}}},
	}
	for _, tc := range tests {
		got, _, err := m.Stroke(tc.in)
		if !errors.Is(err, ErrBadStroke) {
			t.Errorf("%s: Stroke(%+v) error %v; want ErrBadStroke", tc.name, tc.in, err)
		}
		if got != m {
			t.Errorf("%s: the match changed", tc.name)
		}
	}
	covered(&m, 0)
	if _, _, err := m.Stroke(Stroke{}.withQueen()); !errors.Is(err, ErrBadStroke) {
		t.Errorf("queen pocketed while covered: error %v; want ErrBadStroke", err)
	}
	if _, err := NewMatch(ICF(), 3); !errors.Is(err, ErrBadPlayers) {
		t.Errorf("NewMatch(3 players): error %v; want ErrBadPlayers", err)
	}
}

func TestChangeOfSides(t *testing.T) {
	// RULES S-5: sides change after each game and, in the deciding game,
	// after the 4th board or at 13 points, whichever comes first.
	m, _ := NewMatch(ICF(), 2)
	m.Score = [2]int{24, 0}
	m, rul := winBoard(t, m, 1)
	if !rul.ChangeSides {
		t.Errorf("end of game 1: ChangeSides = false; want true")
	}
	m, rul = winBoard(t, m, 1)
	if rul.ChangeSides {
		t.Errorf("board 1 of game 2: ChangeSides = true; want false")
	}
	m.Game = 3
	m.Score = [2]int{10, 2}
	m, rul = winBoard(t, m, 3)
	if !rul.ChangeSides || m.Score != [2]int{13, 2} {
		t.Errorf("game 3 reaching 13: ChangeSides = %v, score %v; want true", rul.ChangeSides, m.Score)
	}
	m.Score = [2]int{0, 0}
	for m.Board.Number < 6 {
		m, rul = winBoard(t, m, 1)
		if rul.ChangeSides {
			t.Errorf("game 3 board %d: sides changed a second time", m.Board.Number-1)
		}
	}
	m, _ = NewMatch(ICF(), 2)
	m.Game = 3
	var changed []int
	for m.Board.Number <= 5 {
		n := m.Board.Number
		m, rul = winBoard(t, m, 1)
		if rul.ChangeSides {
			changed = append(changed, n)
		}
	}
	if !slices.Equal(changed, []int{4}) {
		t.Errorf("game 3 at low scores: sides changed after boards %v; want [4]", changed)
	}
}

func TestForgo(t *testing.T) {
	// RULES PL-4: the placer may forgo placing; the c/m stays pocketed.
	m := midgame(ICF())
	got, rul, err := m.Forgo(White)
	if err != nil || got.Board.OnBoard.White != 5 || !slices.Contains(rul.Applied, "PL-4") {
		t.Errorf("Forgo(white) = %d white, %v, %v; want 5 and PL-4", got.Board.OnBoard.White, rul.Applied, err)
	}
	m.Board.OnBoard.White = 1
	if _, _, err := m.Forgo(White); err == nil {
		t.Errorf("Forgo(white) with one white on the board succeeded; want an error")
	}
}
