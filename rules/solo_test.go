package rules

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// soloAt is a clearance after the break with white and black c/m on the
// board, the queen where q says.
func soloAt(t testing.TB, white, black int, q QueenState) Match {
	m, err := NewMatch(Solo(), 1)
	if err != nil {
		t.Fatal(err)
	}
	m.Board.Broken = true
	m.Board.OnBoard = Count{White: white, Black: black, Queen: q == QueenOnBoard}
	m.Board.Queen = q
	if q != QueenOnBoard {
		m.Board.QueenSide = 0
	}
	return m
}

// The solo clearance of docs/ai.md: every c/m is the player's; the queen
// is covered by any c/m in the same or the next stroke, or it goes
// back to the centre; a pocketed striker (D-1) or a foul (D-5)
// brings one pocketed c/m back to the centre; the last c/m stays while the
// queen is still to be covered; the clearance ends when every piece is
// down (SC-1).
func TestSolo(t *testing.T) {
	tests := []struct {
		name       string
		white      int
		black      int
		queen      QueenState
		in         Stroke
		on         Count
		after      QueenState
		centre     []Kind
		applied    []string
		over       bool
		unbroken   bool
		wantBroken bool
	}{
		{name: "one c/m of either colour is his", white: 3, black: 3, in: b(1),
			on: Count{White: 3, Black: 2, Queen: true}},
		{name: "the break, touching a c/m, is made", white: 9, black: 9, unbroken: true, in: w(2),
			on: Count{White: 7, Black: 9, Queen: true}, applied: []string{"B-2"}},
		{name: "the break is made even when it misses: no attempts", white: 9, black: 9, unbroken: true, in: Stroke{Missed: true},
			on: Count{White: 9, Black: 9, Queen: true}},
		{name: "Q-4 the queen alone awaits its cover", white: 2, black: 2, in: Stroke{}.withQueen(),
			on: Count{White: 2, Black: 2}, after: QueenPending, applied: []string{"Q-4"}},
		{name: "Q-4 the queen and a c/m together: covered", white: 2, black: 2, in: b(1).withQueen(),
			on: Count{White: 2, Black: 1}, after: QueenCovered, applied: []string{"Q-4"}},
		{name: "Q-4 covered by a c/m in the next stroke", white: 2, black: 2, queen: QueenPending, in: w(1),
			on: Count{White: 1, Black: 2}, after: QueenCovered, applied: []string{"Q-4"}},
		{name: "Q-4 Q-11 not covered: the queen goes back to the centre", white: 2, black: 2, queen: QueenPending, in: Stroke{},
			on: Count{White: 2, Black: 2, Queen: true}, centre: []Kind{TheQueen}, applied: []string{"Q-4", "Q-11"}},
		{name: "D-1 a pocketed striker brings a c/m of the stroke back", white: 4, black: 4, in: b(2).withStriker(),
			on: Count{White: 4, Black: 3, Queen: true}, centre: []Kind{BlackMan}, applied: []string{"D-1"}},
		{name: "D-1 a pocketed striker brings an earlier c/m back", white: 4, black: 9, in: Stroke{Striker: true},
			on: Count{White: 5, Black: 9, Queen: true}, centre: []Kind{WhiteMan}, applied: []string{"D-1"}},
		{name: "D-1 a pocketed striker with nothing pocketed yet costs nothing", white: 9, black: 9, in: Stroke{Striker: true},
			on: Count{White: 9, Black: 9, Queen: true}},
		{name: "D-5 a foul brings a c/m back", white: 9, black: 8, in: Stroke{Foul: true, Missed: true},
			on: Count{White: 9, Black: 9, Queen: true}, centre: []Kind{BlackMan}, applied: []string{"D-5"}},
		{name: "the last c/m stays while the queen is on the board", white: 1, in: w(1),
			on: Count{White: 1, Queen: true}, centre: []Kind{WhiteMan}},
		{name: "Q-4 Q-11 the queen as the last piece cannot be covered", in: Stroke{}.withQueen(),
			on: Count{Queen: true}, centre: []Kind{TheQueen}, applied: []string{"Q-4", "Q-11"}},
		{name: "Q-4 Q-11 D-1 not covered and the striker in: the queen and a c/m come back", white: 1, queen: QueenPending, in: Stroke{Striker: true},
			on: Count{White: 2, Queen: true}, centre: []Kind{TheQueen, WhiteMan}, applied: []string{"Q-4", "Q-11", "D-1"}},
		{name: "J-1 a c/m off the board goes to the centre", white: 3, black: 3, in: Stroke{Jumped: Count{Black: 1}},
			on: Count{White: 3, Black: 3, Queen: true}, centre: []Kind{BlackMan}, applied: []string{"J-1"}},
		{name: "SC-1 the last c/m with the queen covered earlier ends it", black: 1, queen: QueenCovered, in: b(1),
			after: QueenCovered, applied: []string{"SC-1"}, over: true},
		{name: "SC-1 Q-4 the last c/m covering the queen ends it", white: 1, queen: QueenPending, in: w(1),
			after: QueenCovered, applied: []string{"Q-4", "SC-1"}, over: true},
		{name: "SC-1 Q-4 the queen with the last c/m ends it", white: 1, in: w(1).withQueen(),
			after: QueenCovered, applied: []string{"Q-4", "SC-1"}, over: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := soloAt(t, tt.white, tt.black, tt.queen)
			m.Board.Broken = !tt.unbroken
			got, rul, err := m.Stroke(tt.in)
			if err != nil {
				t.Fatalf("Stroke(%+v): %v", tt.in, err)
			}
			if got.Board.OnBoard != tt.on || got.Board.Queen != tt.after {
				t.Errorf("Stroke(%+v): on the board %+v, queen %v; want %+v, %v", tt.in, got.Board.OnBoard, got.Board.Queen, tt.on, tt.after)
			}
			if !slices.Equal(rul.Centre, tt.centre) || len(rul.Place) > 0 {
				t.Errorf("Stroke(%+v): centre %v, placings %v; want centre %v and nothing to place", tt.in, rul.Centre, rul.Place, tt.centre)
			}
			if !slices.Equal(rul.Applied, tt.applied) {
				t.Errorf("Stroke(%+v): applied %v; want %v", tt.in, rul.Applied, tt.applied)
			}
			if over := rul.Result != nil; over != tt.over || over != (got.Awaiting == AwaitNothing) || rul.TurnKept == over {
				t.Errorf("Stroke(%+v): result %v, awaiting %v, turn kept %v; want over %v", tt.in, rul.Result, got.Awaiting, rul.TurnKept, tt.over)
			}
			if tt.over && (got.Winner != 0 || rul.MatchWinner != 0 || rul.Result.Winner != 0) {
				t.Errorf("Stroke(%+v): winner %v, ruling %+v; want the player, side 0", tt.in, got.Winner, rul)
			}
			if got.Turn != 0 || !got.Board.Broken {
				t.Errorf("Stroke(%+v): turn %d, broken %v; want seat 0 again, the break made", tt.in, got.Turn, got.Board.Broken)
			}
		})
	}
}

func TestSoloHasOnePlayer(t *testing.T) {
	for _, n := range []int{0, 2, 4} {
		if _, err := NewMatch(Solo(), n); !errors.Is(err, ErrBadPlayers) {
			t.Errorf("NewMatch(Solo(), %d) = %v; want ErrBadPlayers", n, err)
		}
	}
	m, err := NewMatch(Solo(), 1)
	if err != nil || m.Players != 1 || m.Turn != 0 || m.Board.OnBoard != (Count{White: 9, Black: 9, Queen: true}) {
		t.Errorf("NewMatch(Solo(), 1) = %+v, %v; want one seat and a full board", m, err)
	}
	if _, _, err := m.Stroke(w(10)); !errors.Is(err, ErrBadStroke) {
		t.Errorf("Stroke(10 white) = %v; want ErrBadStroke", err)
	}
}

// Whatever strokes are played, every piece is on the board, down, or
// awaiting its cover (the queen); the clearance ends exactly when nothing
// is left, and it can always end: a c/m stays for a queen on the board.
func TestSoloInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, err := NewMatch(Solo(), 1)
		if err != nil {
			t.Fatal(err)
		}
		for range rapid.IntRange(1, 60).Draw(t, "strokes") {
			on := m.Board.OnBoard
			var s Stroke
			s.Pocketed.White = rapid.IntRange(0, on.White).Draw(t, "white")
			s.Pocketed.Black = rapid.IntRange(0, on.Black).Draw(t, "black")
			s.Pocketed.Queen = on.Queen && rapid.Bool().Draw(t, "queen")
			s.Striker = rapid.Bool().Draw(t, "striker")
			s.Foul = rapid.IntRange(0, 9).Draw(t, "foul") == 0
			moved := s.Pocketed != Count{}
			s.Missed = !moved && rapid.Bool().Draw(t, "missed")
			next, rul, err := m.Stroke(s)
			if err != nil {
				t.Fatalf("Stroke(%+v) on %+v: %v", s, on, err)
			}
			b := next.Board
			if b.OnBoard.White < 0 || b.OnBoard.White > 9 || b.OnBoard.Black < 0 || b.OnBoard.Black > 9 {
				t.Fatalf("Stroke(%+v) on %+v: %+v on the board", s, on, b.OnBoard)
			}
			if b.OnBoard.Queen == (b.Queen != QueenOnBoard) {
				t.Fatalf("Stroke(%+v): queen on the board %v, state %v", s, b.OnBoard.Queen, b.Queen)
			}
			if b.OnBoard.Queen && b.OnBoard.White+b.OnBoard.Black == 0 {
				t.Fatalf("Stroke(%+v) on %+v: the queen is left with no c/m to cover it", s, on)
			}
			if b.Queen == QueenPending && b.OnBoard.White+b.OnBoard.Black == 0 {
				t.Fatalf("Stroke(%+v) on %+v: the queen awaits a cover with no c/m left", s, on)
			}
			if over := b.OnBoard == (Count{}) && b.Queen == QueenCovered; over != (rul.Result != nil) {
				t.Fatalf("Stroke(%+v) on %+v: nothing left %v, result %v", s, on, over, rul.Result)
			}
			m = next
			if m.Awaiting == AwaitNothing {
				if _, _, err := m.Stroke(Stroke{}); !errors.Is(err, ErrMatchIsOver) {
					t.Fatalf("a stroke after the clearance: %v; want ErrMatchIsOver", err)
				}
				return
			}
		}
	})
}

// TestSoloHasNoOpponent: the inputs that hand something to an opponent are
// refused on a clearance, which has one player, and change nothing.
func TestSoloHasNoOpponent(t *testing.T) {
	m := soloAt(t, 5, 5, QueenOnBoard)
	inputs := map[string]func() (Match, Ruling, error){
		"concede":   func() (Match, Ruling, error) { return m.Concede(ConcedeBoard) },
		"forfeit":   func() (Match, Ruling, error) { return m.Forfeit(0, "D-10") },
		"technical": func() (Match, Ruling, error) { return m.Technical(0) },
		"two turns": func() (Match, Ruling, error) { return m.ClaimTwoTurns() },
	}
	for name, in := range inputs {
		got, _, err := in()
		if !errors.Is(err, ErrNotAwaited) || got != m {
			t.Errorf("%s on a solo clearance: error %v, changed %v; want ErrNotAwaited and nothing changed", name, err, got != m)
		}
	}
}
