package rules

import (
	"reflect"
	"slices"
	"testing"
)

// midgame is an ICF singles board in play: seat 0 plays white and is in
// turn, 6 white and 7 black left, both sides have pocketed an own c/m.
func midgame(r Rules) Match {
	m, err := NewMatch(r, 2)
	if err != nil {
		panic(err)
	}
	m.Board.Broken = true
	m.Board.StrokesSinceBreak = 6
	m.Board.Turns = 4
	m.Board.OnBoard = Count{White: 6, Black: 7, Queen: true}
	m.Board.Earned = [2]bool{true, true}
	return m
}

// pending puts the queen in the pocket of side s awaiting cover.
func pending(m *Match, s Side) {
	m.Board.OnBoard.Queen = false
	m.Board.Queen, m.Board.QueenSide = QueenPending, s
}

// covered puts the queen in the pocket of side s, covered.
func covered(m *Match, s Side) {
	m.Board.OnBoard.Queen = false
	m.Board.Queen, m.Board.QueenSide = QueenCovered, s
}

func left(m *Match, white, black int) { m.Board.OnBoard.White, m.Board.OnBoard.Black = white, black }

type outcome struct {
	turn    int
	on      Count
	owed    [2]int
	queen   QueenState
	qside   Side // checked only when the queen is off the board
	place   []Placing
	centre  []Kind
	applied []string // the ruling's rule IDs, exactly and in order
	kept    bool
}

type strokeCase struct {
	name   string // cites the rules it checks
	rules  func() Rules
	setup  func(m *Match)
	in     Stroke
	want   outcome
	result *Result // when the stroke ends the board; then only it and applied are checked
}

func w(n int) Stroke            { return Stroke{Pocketed: Count{White: n}} }
func b(n int) Stroke            { return Stroke{Pocketed: Count{Black: n}} }
func wb(x, y int) Stroke        { return Stroke{Pocketed: Count{White: x, Black: y}} }
func on(x, y int, q bool) Count { return Count{White: x, Black: y, Queen: q} }

func (s Stroke) withStriker() Stroke { s.Striker = true; return s }
func (s Stroke) withFoul() Stroke    { s.Foul = true; return s }
func (s Stroke) withQueen() Stroke   { s.Pocketed.Queen = true; return s }

func runStrokeCases(t *testing.T, cases []strokeCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := ICF()
			if tc.rules != nil {
				r = tc.rules()
			}
			m := midgame(r)
			if tc.setup != nil {
				tc.setup(&m)
			}
			got, rul, err := m.Stroke(tc.in)
			if err != nil {
				t.Fatalf("Stroke(%+v) error %v", tc.in, err)
			}
			if !slices.Equal(rul.Applied, tc.want.applied) {
				t.Errorf("Stroke(%+v) applied %q; want %q", tc.in, rul.Applied, tc.want.applied)
			}
			if tc.result != nil {
				if rul.Result == nil || *rul.Result != *tc.result {
					t.Errorf("Stroke(%+v) result = %+v; want %+v", tc.in, rul.Result, *tc.result)
				}
				return
			}
			if rul.Result != nil {
				t.Fatalf("Stroke(%+v) ended the board: %+v", tc.in, *rul.Result)
			}
			bd := got.Board
			if got.Turn != tc.want.turn {
				t.Errorf("turn = %d; want %d (ruling %v)", got.Turn, tc.want.turn, rul.Applied)
			}
			if rul.TurnKept != tc.want.kept {
				t.Errorf("TurnKept = %v; want %v", rul.TurnKept, tc.want.kept)
			}
			if bd.OnBoard != tc.want.on {
				t.Errorf("on board = %+v; want %+v", bd.OnBoard, tc.want.on)
			}
			if bd.Owed != tc.want.owed {
				t.Errorf("owed = %v; want %v", bd.Owed, tc.want.owed)
			}
			if bd.Queen != tc.want.queen {
				t.Errorf("queen = %v; want %v", bd.Queen, tc.want.queen)
			}
			wantSide := tc.want.qside
			if tc.want.queen == QueenOnBoard {
				wantSide = NoSide
			}
			if bd.QueenSide != wantSide {
				t.Errorf("queen side = %d; want %d", bd.QueenSide, wantSide)
			}
			if !reflect.DeepEqual(rul.Place, tc.want.place) {
				t.Errorf("place = %+v; want %+v", rul.Place, tc.want.place)
			}
			if !reflect.DeepEqual(rul.Centre, tc.want.centre) {
				t.Errorf("centre = %v; want %v", rul.Centre, tc.want.centre)
			}
		})
	}
}

func TestTurnAndDues(t *testing.T) {
	owesNothingPocketed := func(m *Match) { left(m, 9, 7); m.Board.Earned[0] = false }
	runStrokeCases(t, []strokeCase{
		{name: "T-1 own c/m keeps the turn", in: w(1),
			want: outcome{turn: 0, kept: true, on: on(5, 7, true), applied: []string{"T-1"}}},
		{name: "T-1 T-3 opponent's c/m alone counts for him and ends the turn", in: b(1),
			want: outcome{turn: 1, on: on(6, 6, true), applied: []string{"T-3"}}},
		{name: "T-1 T-3 own and opponent's c/m keep the turn", in: wb(1, 1),
			want: outcome{turn: 0, kept: true, on: on(5, 6, true), applied: []string{"T-3", "T-1"}}},
		{name: "T-1 nothing pocketed passes the turn", in: Stroke{},
			want: outcome{turn: 1, on: on(6, 7, true)}},
		{name: "D-1 PL-1 striker alone: due placed by the opponent, turn lost", in: Stroke{Striker: true},
			want: outcome{turn: 1, on: on(7, 7, true), place: []Placing{{White, 1, 1, "D-1"}}, applied: []string{"D-1"}}},
		{name: "D-2 striker alone with nothing pocketed: due owed", setup: owesNothingPocketed, in: Stroke{Striker: true},
			want: outcome{turn: 1, on: on(9, 7, true), owed: [2]int{1, 0}, applied: []string{"D-1", "D-2"}}},
		{name: "D-2 SC-3a owed due paid by the next own c/m, turn kept",
			setup: func(m *Match) { owesNothingPocketed(m); m.Board.Owed[0] = 1 }, in: w(1),
			want: outcome{applied: []string{"T-1"}, turn: 0, kept: true, on: on(9, 7, true), place: []Placing{{White, 1, 1, "D-2"}}}},
		{name: "D-3 PL-2 striker with own c/m: they and a due go back, turn kept", in: w(2).withStriker(),
			want: outcome{turn: 0, kept: true, on: on(7, 7, true),
				place:   []Placing{{White, 2, 1, "D-3"}, {White, 1, 1, "D-1"}},
				applied: []string{"D-3", "T-1"}}},
		{name: "D-4 striker with opponent's c/m only: they count, due, turn lost", in: b(1).withStriker(),
			want: outcome{turn: 1, on: on(7, 6, true), place: []Placing{{White, 1, 1, "D-1"}}, applied: []string{"T-3", "D-4"}}},
		{name: "D-5 foul: one penalty placed by the opponent, turn lost", in: Stroke{Foul: true},
			want: outcome{turn: 1, on: on(7, 7, true), place: []Placing{{White, 1, 1, "D-5"}}, applied: []string{"D-5"}}},
		{name: "D-6 Q-11 foul pocketing own c/m and the queen: all back plus a penalty", in: w(1).withQueen().withFoul(),
			want: outcome{turn: 1, on: on(7, 7, true), centre: []Kind{TheQueen},
				place:   []Placing{{White, 1, 1, "D-6"}, {White, 1, 1, "D-5"}},
				applied: []string{"D-5", "D-6", "Q-11"}}},
		{name: "D-7 foul pocketing the opponent's c/m: they count, one penalty", in: b(1).withFoul(),
			want: outcome{turn: 1, on: on(7, 6, true), place: []Placing{{White, 1, 1, "D-5"}}, applied: []string{"D-5", "T-3", "D-7"}}},
		{name: "D-2 D-5 a penalty with nothing to pay is owed", setup: owesNothingPocketed, in: Stroke{Foul: true},
			want: outcome{applied: []string{"D-5", "D-2"}, turn: 1, on: on(9, 7, true), owed: [2]int{1, 0}}},
		{name: "PL-3 a c/m pocketed from an opponent who owes is placed by the player",
			setup: func(m *Match) { left(m, 6, 9); m.Board.Owed[1] = 1 }, in: wb(1, 1),
			want: outcome{turn: 0, kept: true, on: on(5, 9, true), place: []Placing{{Black, 1, 0, "PL-3"}}, applied: []string{"T-3", "PL-3", "T-1"}}},
		{name: "J-1 a c/m off the board goes to the centre, no foul", in: Stroke{Jumped: Count{White: 1}},
			want: outcome{turn: 1, on: on(6, 7, true), centre: []Kind{WhiteMan}, applied: []string{"J-1"}}},
		{name: "J-2 queen and a c/m off the board: the queen first", in: Stroke{Jumped: Count{Black: 1, Queen: true}},
			want: outcome{turn: 1, on: on(6, 7, true), centre: []Kind{TheQueen, BlackMan}, applied: []string{"J-2"}}},
		{name: "J-3 white and black off the board: the striking player's colour first",
			setup: func(m *Match) { m.Turn = 1 }, in: Stroke{Jumped: Count{White: 1, Black: 1}},
			want: outcome{turn: 0, on: on(6, 7, true), centre: []Kind{BlackMan, WhiteMan}, applied: []string{"J-3"}}},
		{name: "J-1 striker off the board is no foul under ICF", in: Stroke{StrikerOff: true},
			want: outcome{turn: 1, on: on(6, 7, true)}},
	})
}

func TestQueen(t *testing.T) {
	runStrokeCases(t, []strokeCase{
		{name: "Q-1 Q-2 queen before any own c/m: back to the centre, turn lost",
			setup: func(m *Match) { left(m, 9, 7); m.Board.Earned[0] = false }, in: Stroke{}.withQueen(),
			want: outcome{turn: 1, on: on(9, 7, true), centre: []Kind{TheQueen}, applied: []string{"Q-1", "Q-2", "Q-11"}}},
		{name: "Q-1 the right holds after the own c/m went back as a due",
			setup: func(m *Match) { left(m, 9, 7) }, in: Stroke{}.withQueen(),
			want: outcome{turn: 0, kept: true, on: on(9, 7, false), queen: QueenPending, qside: 0, applied: []string{"Q-4", "T-1"}}},
		{name: "Q-3 queen pocketed while owing: back to the centre",
			setup: func(m *Match) { left(m, 9, 7); m.Board.Owed[0] = 1 }, in: Stroke{}.withQueen(),
			want: outcome{turn: 1, on: on(9, 7, true), owed: [2]int{1, 0}, centre: []Kind{TheQueen}, applied: []string{"Q-3", "Q-11"}}},
		{name: "Q-4 queen alone: awaiting cover, turn kept", in: Stroke{}.withQueen(),
			want: outcome{turn: 0, kept: true, on: on(6, 7, false), queen: QueenPending, qside: 0, applied: []string{"Q-4", "T-1"}}},
		{name: "Q-4 covered by an own c/m in the next stroke",
			setup: func(m *Match) { pending(m, 0) }, in: w(1),
			want: outcome{turn: 0, kept: true, on: on(5, 7, false), queen: QueenCovered, qside: 0, applied: []string{"Q-4", "T-1"}}},
		{name: "Q-4 Q-11 not covered in the next stroke: back to the centre",
			setup: func(m *Match) { pending(m, 0) }, in: b(1),
			want: outcome{turn: 1, on: on(6, 6, true), centre: []Kind{TheQueen}, applied: []string{"T-3", "Q-4", "Q-11"}}},
		{name: "Q-5 queen with an own c/m in the same stroke is covered", in: w(1).withQueen(),
			want: outcome{turn: 0, kept: true, on: on(5, 7, false), queen: QueenCovered, qside: 0, applied: []string{"Q-5", "T-1"}}},
		{name: "Q-5 with one own c/m while all nine were on the board: still to cover",
			setup: func(m *Match) { left(m, 9, 7) }, in: w(1).withQueen(),
			want: outcome{turn: 0, kept: true, on: on(8, 7, false), queen: QueenPending, qside: 0, applied: []string{"Q-5", "T-1"}}},
		{name: "Q-5 with two own c/m while all nine were on the board: covered",
			setup: func(m *Match) { left(m, 9, 7) }, in: w(2).withQueen(),
			want: outcome{applied: []string{"Q-5", "T-1"}, turn: 0, kept: true, on: on(7, 7, false), queen: QueenCovered, qside: 0}},
		{name: "Q-6 queen, own c/m and striker: all back with a due, turn kept", in: w(1).withQueen().withStriker(),
			want: outcome{turn: 0, kept: true, on: on(7, 7, true), centre: []Kind{TheQueen},
				place:   []Placing{{White, 1, 1, "D-3"}, {White, 1, 1, "D-1"}},
				applied: []string{"Q-6", "Q-11", "D-3", "T-1"}}},
		{name: "Q-7 queen and striker: queen back, a due, turn kept", in: Stroke{Striker: true}.withQueen(),
			want: outcome{turn: 0, kept: true, on: on(7, 7, true), centre: []Kind{TheQueen},
				place: []Placing{{White, 1, 1, "D-1"}}, applied: []string{"Q-7", "Q-11", "D-1", "T-1"}}},
		{name: "Q-8 queen and striker in the stroke after the break: turn lost",
			setup: func(m *Match) { m.Board.StrokesSinceBreak = 1 }, in: Stroke{Striker: true}.withQueen(),
			want: outcome{turn: 1, on: on(7, 7, true), centre: []Kind{TheQueen},
				place: []Placing{{White, 1, 1, "D-1"}}, applied: []string{"Q-8", "Q-11", "D-1"}}},
		{name: "Q-6 §15: queen, own c/m and striker in the stroke after the break: Q-6, not Q-8, turn kept",
			setup: func(m *Match) { m.Board.StrokesSinceBreak = 1 }, in: w(1).withQueen().withStriker(),
			want: outcome{turn: 0, kept: true, on: on(7, 7, true), centre: []Kind{TheQueen},
				place:   []Placing{{White, 1, 1, "D-3"}, {White, 1, 1, "D-1"}},
				applied: []string{"Q-6", "Q-11", "D-3", "T-1"}}},
		{name: "Q-9 covering stroke with only the striker: queen back, due, turn lost",
			setup: func(m *Match) { pending(m, 0) }, in: Stroke{Striker: true},
			want: outcome{turn: 1, on: on(7, 7, true), centre: []Kind{TheQueen},
				place: []Placing{{White, 1, 1, "D-1"}}, applied: []string{"Q-9", "Q-11", "D-1"}}},
		{name: "Q-10 covering stroke with striker and own c/m: they go back, queen still pending",
			setup: func(m *Match) { pending(m, 0) }, in: w(1).withStriker(),
			want: outcome{turn: 0, kept: true, on: on(7, 7, false), queen: QueenPending, qside: 0,
				place:   []Placing{{White, 1, 1, "D-3"}, {White, 1, 1, "D-1"}},
				applied: []string{"Q-10", "D-3", "T-1"}}},
		{name: "Q-11 queen off the board goes to the centre first", in: Stroke{Jumped: Count{Queen: true, White: 1}},
			want: outcome{turn: 1, on: on(6, 7, true), centre: []Kind{TheQueen, WhiteMan}, applied: []string{"J-2"}}},
	})
}

func TestBreakStroke(t *testing.T) {
	fresh := func(m *Match) {
		*m, _ = NewMatch(m.Rules, m.Players)
	}
	runStrokeCases(t, []strokeCase{
		{name: "B-1 B-2 the break is made when the striker touches a c/m", setup: fresh, in: Stroke{},
			want: outcome{turn: 1, on: on(9, 9, true), applied: []string{"B-2"}}},
		{name: "B-3 a failed attempt leaves the breaker two more", setup: fresh, in: Stroke{Missed: true},
			want: outcome{turn: 0, kept: true, on: on(9, 9, true), applied: []string{"B-3"}}},
		{name: "B-4 the third failed attempt loses the break",
			setup: func(m *Match) { fresh(m); m.Board.Attempts = 2 }, in: Stroke{Missed: true},
			want: outcome{turn: 1, on: on(9, 9, true), applied: []string{"B-4"}}},
		{name: "B-5 D-8 striker pocketed without touching: turn lost, no due", setup: fresh, in: Stroke{Missed: true, Striker: true},
			want: outcome{turn: 1, on: on(9, 9, true), applied: []string{"B-5", "D-8"}}},
		{name: "B-5 improper attempt without touching: turn lost, no penalty", setup: fresh, in: Stroke{Missed: true, Foul: true},
			want: outcome{turn: 1, on: on(9, 9, true), applied: []string{"B-5"}}},
		{name: "D-8 striker pocketed at a break that touched is an ordinary due", setup: fresh, in: Stroke{Striker: true},
			want: outcome{turn: 1, on: on(9, 9, true), owed: [2]int{1, 0}, applied: []string{"B-2", "D-1", "D-2"}}},
		{name: "Q-5 queen and one own c/m at the break must still be covered", setup: fresh, in: w(1).withQueen(),
			want: outcome{turn: 0, kept: true, on: on(8, 9, false), queen: QueenPending, qside: 0, applied: []string{"B-2", "Q-5", "T-1"}}},
		{name: "Q-8 queen and striker at the break: queen back, due owed, turn lost", setup: fresh, in: Stroke{Striker: true}.withQueen(),
			want: outcome{turn: 1, on: on(9, 9, true), owed: [2]int{1, 0}, centre: []Kind{TheQueen}, applied: []string{"B-2", "Q-8", "Q-11", "D-1", "D-2"}}},
	})
}

func TestBreakAttemptsAlternate(t *testing.T) {
	// RULES B-4: after three failures the opponent breaks with black; then
	// single attempts alternate; the colours never change.
	m, _ := NewMatch(ICF(), 2)
	seats := []int{}
	for i := 0; i < 6; i++ {
		seats = append(seats, m.Turn)
		var err error
		m, _, err = m.Stroke(Stroke{Missed: true})
		if err != nil {
			t.Fatal(err)
		}
	}
	if want := []int{0, 0, 0, 1, 0, 1}; !slices.Equal(seats, want) {
		t.Errorf("break attempts by seats %v; want %v (RULES B-4)", seats, want)
	}
	m, _, _ = m.Stroke(w(1))
	if m.Board.White != 0 || !m.Board.Broken || m.Turn != 0 || m.Board.OnBoard.White != 8 {
		t.Errorf("after seat 0 broke pocketing white: white side %d, broken %v, turn %d, %d white left; want 0, true, 0, 8 (RULES B-4: the colours never change)", m.Board.White, m.Board.Broken, m.Turn, m.Board.OnBoard.White)
	}
}
