package rules

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// broken is a colourless board of variant v in play after the break, with
// the given holdings and what is left on the board.
func broken(t *testing.T, v Variant, players int, held ...Holding) Colourless {
	t.Helper()
	g, err := NewColourless(v, players)
	if err != nil {
		t.Fatal(err)
	}
	g.Broken = true
	for p, h := range held {
		g.Held[p] = h
		g.Banked[p] = h
		g.Earned[p] = h.White+h.Black > 0
		g.OnBoard.White -= h.White
		g.OnBoard.Black -= h.Black
		if h.Queen {
			g.OnBoard.Queen = false
			g.Queen, g.QueenSide = QueenCovered, p
		}
	}
	return g
}

type colourlessCase struct {
	name    string // cites the rules it checks
	start   func(t *testing.T) Colourless
	in      Stroke
	turn    int
	held    []Holding // of every player after the stroke
	on      Count
	applied []string
	centre  []Kind
	place   []Placing
	result  *Result
}

func runColourless(t *testing.T, cases []colourlessCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.start(t)
			got, rul, err := g.Stroke(tc.in)
			if err != nil {
				t.Fatalf("Stroke(%+v) error %v", tc.in, err)
			}
			if !slices.Equal(rul.Applied, tc.applied) {
				t.Errorf("Stroke(%+v) applied %q; want %q", tc.in, rul.Applied, tc.applied)
			}
			if !reflect.DeepEqual(rul.Result, tc.result) {
				t.Errorf("result = %+v; want %+v", rul.Result, tc.result)
			}
			if tc.result != nil {
				return
			}
			if got.Turn != tc.turn {
				t.Errorf("turn = %d; want %d", got.Turn, tc.turn)
			}
			if h := got.Held[:got.Players]; !slices.Equal(h, tc.held) {
				t.Errorf("held = %+v; want %+v", h, tc.held)
			}
			if got.OnBoard != tc.on {
				t.Errorf("on board = %+v; want %+v", got.OnBoard, tc.on)
			}
			if !slices.Equal(rul.Centre, tc.centre) {
				t.Errorf("centre = %v; want %v", rul.Centre, tc.centre)
			}
			if !slices.Equal(rul.Place, tc.place) {
				t.Errorf("place = %+v; want %+v", rul.Place, tc.place)
			}
		})
	}
}

func hold(white, black int) Holding { return Holding{White: white, Black: black} }

func TestPointCarrom(t *testing.T) {
	pc := func(held ...Holding) func(t *testing.T) Colourless {
		return func(t *testing.T) Colourless { return broken(t, PointCarrom(), 3, held...) }
	}
	runColourless(t, []colourlessCase{
		{name: "V-1 T-1 any c/m counts for the player, who keeps the turn", start: pc(), in: wb(1, 1),
			turn: 0, held: []Holding{hold(1, 1), {}, {}}, on: on(8, 8, true), applied: []string{"T-1"}},
		{name: "V-1 Q-4 the queen waits for any c/m as cover", start: pc(hold(0, 1)), in: Stroke{}.withQueen(),
			turn: 0, held: []Holding{hold(0, 1), {}, {}}, on: on(9, 8, false), applied: []string{"Q-4", "T-1"}},
		{name: "V-1 Q-5 queen and a c/m together: covered, 5 points",
			start: pc(), in: b(1).withQueen(),
			turn: 0, held: []Holding{{Black: 1, Queen: true}, {}, {}}, on: on(9, 8, false), applied: []string{"Q-5", "T-1"}},
		{name: "V-1 D-1 S-2 PL-1 the striker costs the least-worth c/m, placed by the player who strikes next, not on the centre",
			start: pc(hold(1, 1)), in: Stroke{Striker: true},
			turn: 1, held: []Holding{hold(1, 0), {}, {}}, on: on(8, 9, true), place: []Placing{{Colour: Black, Count: 1, Placer: 1, Rule: "D-1"}},
			applied: []string{"D-1", "S-2"}},
		{name: "V-1 D-5 D-6 S-2 PL-1 a foul sends the stroke's c/m back and costs one more, all placed by the player who strikes next",
			start: pc(hold(0, 2)), in: w(1).withFoul(),
			turn: 1, held: []Holding{hold(0, 1), {}, {}}, on: on(9, 8, true),
			place:   []Placing{{Colour: White, Count: 1, Placer: 1, Rule: "D-6"}, {Colour: Black, Count: 1, Placer: 1, Rule: "D-5"}},
			applied: []string{"D-5", "D-6", "S-2"}},
		{name: "V-1 D-3 T-1 PL-1 the striker with a c/m: both placed by the player who strikes next, the striker himself",
			start: pc(hold(0, 1)), in: w(1).withStriker(),
			turn: 0, held: []Holding{{}, {}, {}}, on: on(9, 9, true),
			place:   []Placing{{Colour: White, Count: 1, Placer: 0, Rule: "D-3"}, {Colour: Black, Count: 1, Placer: 0, Rule: "D-1"}},
			applied: []string{"D-3", "T-1"}},
		{name: "V-1 D-1 D-2 the striker with nothing held: owed, nothing placed",
			start: pc(), in: Stroke{Striker: true},
			turn: 1, held: []Holding{{}, {}, {}}, on: on(9, 9, true), applied: []string{"D-1", "D-2", "S-2"}},
		{name: "V-1 J-1 a c/m off the board still goes on the centre circle",
			start: pc(), in: Stroke{Jumped: Count{Black: 1}},
			turn: 1, held: []Holding{{}, {}, {}}, on: on(9, 9, true), centre: []Kind{BlackMan}, applied: []string{"J-1", "S-2"}},
		{name: "V-1 reaching 17 wins at once", start: pc(hold(7, 1)), in: w(1),
			applied: []string{"T-1", "V-1"}[1:], result: &Result{Winner: 0, Points: 17, Rule: "V-1"}},
		{name: "V-1 the last c/m pocketed: the most points win",
			start: func(t *testing.T) Colourless {
				g := broken(t, PointCarrom(), 3, hold(3, 2), hold(3, 5), hold(3, 1))
				g.OnBoard.White, g.OnBoard.Black = 0, 1
				return g
			},
			in: b(1), applied: []string{"T-1", "V-1"}[1:], result: &Result{Winner: 1, Points: 11, Rule: "V-1"}},
	})
}

// TestPointCarromTwoPlayers: with two players the opponent places a due,
// even while the striker keeps the turn (RULES V-1, PL-1, PL-2); a debt paid
// later is placed by the debtor's opponent too (RULES D-2).
func TestPointCarromTwoPlayers(t *testing.T) {
	pc := func(held ...Holding) func(t *testing.T) Colourless {
		return func(t *testing.T) Colourless { return broken(t, PointCarrom(), 2, held...) }
	}
	runColourless(t, []colourlessCase{
		{name: "V-1 D-1 PL-1 the due placed by the opponent",
			start: pc(hold(1, 2)), in: Stroke{Striker: true},
			turn: 1, held: []Holding{hold(1, 1), {}}, on: on(8, 8, true), place: []Placing{{Colour: Black, Count: 1, Placer: 1, Rule: "D-1"}},
			applied: []string{"D-1"}},
		{name: "V-1 D-3 PL-2 the turn kept, the opponent places",
			start: pc(hold(1, 0)), in: b(1).withStriker(),
			turn: 0, held: []Holding{{}, {}}, on: on(9, 9, true),
			place:   []Placing{{Colour: Black, Count: 1, Placer: 1, Rule: "D-3"}, {Colour: White, Count: 1, Placer: 1, Rule: "D-1"}},
			applied: []string{"D-3", "T-1"}},
		{name: "V-1 D-2 an owed c/m paid from the next c/m credited, placed by the opponent",
			start: func(t *testing.T) Colourless {
				g := broken(t, PointCarrom(), 2)
				g.Owed[0] = 1
				return g
			}, in: b(1),
			turn: 0, held: []Holding{{}, {}}, on: on(9, 9, true), place: []Placing{{Colour: Black, Count: 1, Placer: 1, Rule: "D-2"}},
			applied: []string{"D-2", "T-1"}},
		{name: "V-1 Q-7 the queen with the striker: the queen on the centre circle, the due placed",
			start: pc(hold(0, 1)), in: Stroke{Striker: true}.withQueen(),
			turn: 0, held: []Holding{{}, {}}, on: on(9, 9, true), centre: []Kind{TheQueen},
			place:   []Placing{{Colour: Black, Count: 1, Placer: 1, Rule: "D-1"}},
			applied: []string{"Q-7", "Q-11", "D-1", "T-1"}},
	})
}

// TestPointCarromTie: with the points equal once every c/m is pocketed,
// the player who reached them first wins (RULES V-1, docs/variants.md).
func TestPointCarromTie(t *testing.T) {
	g := broken(t, PointCarrom(), 2, hold(4, 4), hold(5, 1))
	g.OnBoard = on(0, 1, false)
	g.Reached = [MaxPlayers]int{5, 3}
	g.Strokes = 9
	g.Turn = 1
	_, rul, _ := g.Stroke(b(1))
	if want := (Result{Winner: 0, Points: 12, Rule: "V-1"}); rul.Result == nil || *rul.Result != want {
		t.Errorf("tie at 12: result %+v; want %+v (RULES V-1: the first to reach his points)", rul.Result, want)
	}
}

func TestThreePlayers(t *testing.T) {
	three := func(held ...Holding) func(t *testing.T) Colourless {
		return func(t *testing.T) Colourless { return broken(t, ThreePlayers(), 3, held...) }
	}
	runColourless(t, []colourlessCase{
		{name: "V-2 a needed c/m is the player's, turn kept", start: three(), in: w(1),
			turn: 0, held: []Holding{hold(1, 0), {}, {}}, on: on(8, 9, true), applied: []string{"T-1"}},
		{name: "V-2 T-3 a fourth white goes to the next player who needs white, turn lost",
			start: three(hold(3, 1)), in: w(1),
			turn: 1, held: []Holding{hold(3, 1), hold(1, 0), {}}, on: on(5, 8, true), applied: []string{"T-3", "S-2"}},
		{name: "V-2 Q-1 Q-2 the queen before any own c/m goes back", start: three(), in: Stroke{}.withQueen(),
			turn: 1, held: []Holding{{}, {}, {}}, on: on(9, 9, true), centre: []Kind{TheQueen}, applied: []string{"Q-1", "Q-2", "Q-11", "S-2"}},
		{name: "V-2 Q-4 with 3 black, a black does not cover: the queen waits",
			start: three(hold(1, 3)), in: b(1).withQueen(),
			turn: 0, held: []Holding{hold(1, 3), hold(0, 1), {}}, on: on(8, 5, false), applied: []string{"T-3", "Q-4", "T-1"}},
		{name: "V-2 Q-4 Q-11 with 3 black, a black in the next stroke: the queen goes back",
			start: func(t *testing.T) Colourless {
				g := broken(t, ThreePlayers(), 3, hold(1, 3))
				g.OnBoard.Queen = false
				g.Queen, g.QueenSide = QueenPending, 0
				return g
			}, in: b(1),
			turn: 1, held: []Holding{hold(1, 3), hold(0, 1), {}}, on: on(8, 5, true), centre: []Kind{TheQueen},
			applied: []string{"T-3", "Q-4", "Q-11", "S-2"}},
		{name: "V-2 Q-5 with 3 black, a white covers", start: three(hold(1, 3)), in: w(1).withQueen(),
			turn: 0, held: []Holding{{White: 2, Black: 3, Queen: true}, {}, {}}, on: on(7, 6, false), applied: []string{"Q-5", "T-1"}},
		{name: "V-2 the last c/m of a set before the queen is covered goes back",
			start: three(hold(3, 2)), in: b(1),
			turn: 1, held: []Holding{hold(3, 2), {}, {}}, on: on(6, 7, true), centre: []Kind{BlackMan}, applied: []string{"V-2", "S-2"}},
		{name: "V-2 D-1 S-2 PL-1 the due placed by the player who strikes next, not on the centre",
			start: three(hold(2, 1)), in: Stroke{Striker: true},
			turn: 1, held: []Holding{hold(2, 0), {}, {}}, on: on(7, 9, true), place: []Placing{{Colour: Black, Count: 1, Placer: 1, Rule: "D-1"}},
			applied: []string{"D-1", "S-2"}},
		{name: "V-2 D-5 D-6 PL-1 a foul: the c/m and the penalty placed by the player who strikes next",
			start: three(hold(1, 0)), in: b(1).withFoul(),
			turn: 1, held: []Holding{{}, {}, {}}, on: on(9, 9, true),
			place:   []Placing{{Colour: Black, Count: 1, Placer: 1, Rule: "D-6"}, {Colour: White, Count: 1, Placer: 1, Rule: "D-5"}},
			applied: []string{"D-5", "D-6", "S-2"}},
		{name: "V-2 T-3 D-2 a c/m credited to a player who owes pays his debt, placed by the player who strikes next",
			start: func(t *testing.T) Colourless {
				g := broken(t, ThreePlayers(), 3, hold(3, 0))
				g.Owed[1] = 1
				return g
			}, in: w(1),
			turn: 1, held: []Holding{hold(3, 0), {}, {}}, on: on(6, 9, true), place: []Placing{{Colour: White, Count: 1, Placer: 1, Rule: "D-2"}},
			applied: []string{"T-3", "D-2", "S-2"}},
		{name: "V-2 a set completed with the queen covered wins",
			start: func(t *testing.T) Colourless {
				g := broken(t, ThreePlayers(), 3, hold(3, 2), Holding{Black: 1, Queen: true})
				return g
			},
			in: b(1), applied: []string{"V-2"}, result: &Result{Winner: 0, Points: 9, Rule: "V-2"}},
		{name: "V-2 queen and the set's last c/m together: covered and won", start: three(hold(3, 2)),
			in: b(1).withQueen(), applied: []string{"Q-5", "V-2"}, result: &Result{Winner: 0, Points: 14, Rule: "V-2"}},
	})
	if _, err := NewColourless(ThreePlayers(), 4); !errors.Is(err, ErrBadPlayers) {
		t.Errorf("NewColourless(three, 4): error %v; want ErrBadPlayers (RULES V-2)", err)
	}
}

func TestBuyingPockets(t *testing.T) {
	bp := func(players int, held ...Holding) Colourless { return broken(t, BuyingPockets(), players, held...) }
	g := bp(2, hold(2, 1))
	if got := g.Points(0); got != 25 {
		t.Errorf("2 white and 1 black are worth %d; want 25 (RULES V-3)", got)
	}
	g, rul, err := g.Buy(Purchase{Pocket: 1, Pay: hold(2, 1)})
	if err != nil || g.Owner[1] != 0 || g.Held[0] != (Holding{}) || g.OnBoard != on(9, 9, true) ||
		!slices.Equal(rul.Centre, []Kind{WhiteMan, WhiteMan, BlackMan}) || !slices.Equal(rul.Applied, []string{"V-3"}) {
		t.Errorf("Buy(1, 2 white 1 black) = owner %v, held %+v, on %+v, centre %v, applied %q, %v; want pocket 1 player 0's, c/m back to the centre (RULES V-3)",
			g.Owner, g.Held[0], g.OnBoard, rul.Centre, rul.Applied, err)
	}

	refused := []struct {
		name string
		g    Colourless
		buy  Purchase
	}{
		{"V-3 without the points", bp(2, hold(1, 2)), Purchase{Pocket: 0, Pay: hold(1, 2)}},
		{"V-3 paying with c/m not held", bp(2, hold(1, 0)), Purchase{Pocket: 0, Pay: hold(3, 0)}},
		{"V-3 paying less than the price", bp(2, hold(3, 0)), Purchase{Pocket: 0, Pay: hold(2, 0)}},
		{"V-3 a pocket already the player's", func() Colourless { g := bp(2, hold(3, 0)); g.Owner[2] = 0; return g }(), Purchase{Pocket: 2, Pay: hold(3, 0)}},
		{"V-3 another player's pocket for 25", func() Colourless { g := bp(2, hold(3, 0)); g.Owner[2] = 1; return g }(), Purchase{Pocket: 2, Pay: hold(3, 0)}},
		{"V-3 no such pocket", bp(2, hold(3, 0)), Purchase{Pocket: 4, Pay: hold(3, 0)}},
		{"V-3 a negative count", bp(2, hold(3, 0)), Purchase{Pocket: 0, Pay: hold(4, -1)}},
		{"V-3 with points reached in this turn", func() Colourless { g := bp(2, hold(3, 0)); g.Banked[0] = hold(2, 0); return g }(), Purchase{Pocket: 0, Pay: hold(3, 0)}},
		{"V-1 a purchase under point carrom", broken(t, PointCarrom(), 2, hold(3, 0)), Purchase{Pocket: 0, Pay: hold(3, 0)}},
	}
	for _, tc := range refused {
		got, rul, err := tc.g.Buy(tc.buy)
		if !errors.Is(err, ErrBadBuy) || !reflect.DeepEqual(got, tc.g) || len(rul.Applied) != 0 {
			t.Errorf("%s: Buy(%+v) error %v, changed %v; want ErrBadBuy and nothing changed", tc.name, tc.buy, err, !reflect.DeepEqual(got, tc.g))
		}
	}

	// V-3: a purchase made at a later turn than the points: pocket a white
	// to reach 25, pass, and buy when the turn comes back.
	g = bp(2, hold(1, 1))
	g, _, _ = g.Stroke(w(1))
	if _, _, err := g.Buy(Purchase{Pocket: 0, Pay: hold(2, 1)}); !errors.Is(err, ErrBadBuy) {
		t.Errorf("buying with points reached in this turn: error %v; want ErrBadBuy (RULES V-3)", err)
	}
	g, _, _ = g.Stroke(Stroke{})
	g, _, _ = g.Stroke(Stroke{})
	if g, _, err := g.Buy(Purchase{Pocket: 0, Pay: hold(2, 1)}); err != nil || g.Owner[0] != 0 {
		t.Errorf("buying at the next turn: owner %d, %v; want player 0 (RULES V-3)", g.Owner[0], err)
	}

	// V-3: another player's pocket costs 60; the fourth pocket wins.
	g = bp(2, Holding{White: 3, Black: 6, Queen: true})
	g.Owner = [4]int{0, 0, 0, 1}
	g, rul, err = g.Buy(Purchase{Pocket: 3, Pay: Holding{White: 3, Black: 1, Queen: true}})
	if want := (Result{Winner: 0, Points: 25, Rule: "V-3"}); err != nil || rul.Result == nil || *rul.Result != want || g.Awaiting != AwaitNothing || rul.MatchWinner != 0 {
		t.Errorf("buying the fourth pocket for 60: result %+v, %v; want %+v (RULES V-3: the winner owns all four pockets)", rul.Result, err, want)
	}
}

// TestBuyingPocketsStriker: pocketing the striker loses every pocket bought
// and every c/m pocketed, this stroke's and the queen too, back on the
// centre; the score falls to 0 and the turn passes (RULES V-3, "il perd le ou
// les trous achetés ainsi que tous les pions qu'il avait sortis du jeu").
// Another foul keeps the ICF penalty: his least-worth c/m back to the centre.
func TestBuyingPocketsStriker(t *testing.T) {
	bp := func(held ...Holding) func(t *testing.T) Colourless {
		return func(t *testing.T) Colourless {
			g := broken(t, BuyingPockets(), 3, held...)
			g.Owner = [4]int{0, 1, NoPlayer, 0}
			return g
		}
	}
	runColourless(t, []colourlessCase{
		{name: "V-3 the striker: both pockets and every c/m lost, to the centre, turn lost",
			start: bp(hold(2, 1), hold(1, 0)), in: w(1).withStriker(),
			turn: 1, held: []Holding{{}, hold(1, 0), {}}, on: on(8, 9, true),
			centre: []Kind{WhiteMan, WhiteMan, WhiteMan, BlackMan}, applied: []string{"V-3", "S-2"}},
		{name: "V-3 Q-11 the striker with the queen held: the queen back first",
			start: bp(Holding{Black: 1, Queen: true}), in: Stroke{Striker: true},
			turn: 1, held: []Holding{{}, {}, {}}, on: on(9, 9, true),
			centre: []Kind{TheQueen, BlackMan}, applied: []string{"V-3", "Q-11", "S-2"}},
		{name: "V-3 the striker with nothing held: nothing owed",
			start: bp(), in: Stroke{Striker: true},
			turn: 1, held: []Holding{{}, {}, {}}, on: on(9, 9, true), applied: []string{"V-3", "S-2"}},
		{name: "V-3 D-5 another foul: the least-worth c/m back to the centre, pockets kept",
			start: bp(hold(2, 1)), in: Stroke{}.withFoul(),
			turn: 1, held: []Holding{hold(2, 0), {}, {}}, on: on(7, 9, true), centre: []Kind{BlackMan}, applied: []string{"D-5", "S-2"}},
	})
	g := broken(t, BuyingPockets(), 2, hold(3, 0))
	g.Owner = [4]int{0, 1, 0, NoPlayer}
	g, _, _ = g.Stroke(Stroke{Striker: true})
	if g.Owner != [4]int{NoPlayer, 1, NoPlayer, NoPlayer} || g.Points(0) != 0 || g.Owed[0] != 0 {
		t.Errorf("after the striker: owners %v, points %d, owed %d; want pockets 0 and 2 free, 0 points, nothing owed (RULES V-3)", g.Owner, g.Points(0), g.Owed[0])
	}
	g = broken(t, BuyingPockets(), 2, hold(3, 0))
	g.Owner = [4]int{0, 1, 0, NoPlayer}
	if g, _, _ = g.Stroke(Stroke{}.withFoul()); g.Owner != [4]int{0, 1, 0, NoPlayer} || g.Points(0) != 20 {
		t.Errorf("after a foul: owners %v, points %d; want the pockets kept, 20 points (RULES V-3, D-5)", g.Owner, g.Points(0))
	}
}

// TestBuyingPocketsRunsDry: with no c/m on the board and nobody able to buy a
// pocket he lacks, the board ends on the most pockets, then the most points
// (RULES V-3, docs/variants.md).
func TestBuyingPocketsRunsDry(t *testing.T) {
	g := broken(t, BuyingPockets(), 2, hold(1, 4), hold(1, 3))
	g.OnBoard = on(1, 1, false)
	g.Owner = [4]int{0, 1, 0, 1}
	g.Held[1].Queen = true
	g.Queen, g.QueenSide = QueenCovered, 1
	g, _, _ = g.Stroke(b(1))
	_, rul, _ := g.Stroke(w(1))
	if want := (Result{Winner: 1, Points: 50, Rule: "V-3"}); rul.Result == nil || *rul.Result != want {
		t.Errorf("last c/m with nobody able to buy: result %+v; want %+v", rul.Result, want)
	}
}

// checkColourless verifies the invariants of a colourless board after one
// input: pieces conserved, points equal to the worth held, pocket owners
// real players, the turn a real player.
func checkColourless(t interface{ Fatalf(string, ...any) }, g Colourless) {
	if g.Turn < 0 || g.Turn >= g.Players {
		t.Fatalf("turn %d with %d players", g.Turn, g.Players)
	}
	white, black, queens := g.OnBoard.White, g.OnBoard.Black, b2i(g.OnBoard.Queen)
	for p := range g.Players {
		h := g.Held[p]
		if h.White < 0 || h.Black < 0 || g.Owed[p] < 0 {
			t.Fatalf("player %d holds %+v, owes %d", p, h, g.Owed[p])
		}
		white += h.White
		black += h.Black
		queens += b2i(h.Queen)
		if g.Points(p) != g.Variant.Worth().Of(h) {
			t.Fatalf("player %d: %d points for %+v", p, g.Points(p), h)
		}
	}
	if g.Queen == QueenPending {
		queens++
	}
	if white != 9 || black != 9 || queens != 1 {
		t.Fatalf("pieces not conserved: %d white, %d black, %d queens on the board and held: %+v", white, black, queens, g)
	}
	for k, o := range g.Owner {
		if o != NoPlayer && (o < 0 || o >= g.Players) {
			t.Fatalf("pocket %d owned by player %d of %d", k, o, g.Players)
		}
	}
}

// TestColourlessInvariants plays colourless boards from inputs drawn by
// rapid (strokes, purchases, concessions) and checks the invariants after
// each (RULES V-1, V-2, V-3).
func TestColourlessInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := []Variant{PointCarrom(), ThreePlayers(), BuyingPockets()}[rapid.IntRange(0, 2).Draw(t, "variant")]
		lo, hi := v.Seats()
		players := rapid.IntRange(lo, hi).Draw(t, "players")
		playColourless(t, rapidDraws{t}, v, players, 400)
	})
}

func FuzzColourless(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, uint8(2), uint8(3))
	f.Fuzz(func(t *testing.T, choices []byte, variant, players uint8) {
		v := []Variant{PointCarrom(), ThreePlayers(), BuyingPockets()}[int(variant)%3]
		lo, hi := v.Seats()
		playColourless(t, &byteDraws{choices}, v, lo+int(players)%(hi-lo+1), len(choices))
	})
}

func playColourless(t interface{ Fatalf(string, ...any) }, d draws, v Variant, players, steps int) {
	g, err := NewColourless(v, players)
	if err != nil {
		t.Fatalf("NewColourless: %v", err)
	}
	for range steps {
		if g.Awaiting == AwaitNothing {
			return
		}
		var (
			next Colourless
			rul  Ruling
		)
		switch {
		case d.intn(300) == 0:
			next, _, err = g.Concede()
		case v.Name() == "pockets" && d.intn(4) == 0:
			h := g.Banked[g.Turn].min(g.Held[g.Turn])
			buy := Purchase{Pocket: d.intn(4), Pay: Holding{White: d.intn(h.White + 1), Black: d.intn(h.Black + 1), Queen: h.Queen && d.intn(2) == 0}}
			next, _, err = g.Buy(buy)
			if errors.Is(err, ErrBadBuy) {
				if !reflect.DeepEqual(next, g) {
					t.Fatalf("a refused purchase changed the board")
				}
				continue
			}
		default:
			m := Match{Board: Board{OnBoard: g.OnBoard}}
			next, rul, err = g.Stroke(randomStroke(d, m))
		}
		if err != nil {
			t.Fatalf("legal input rejected: %v", err)
		}
		checkColourless(t, next)
		// RULES V-1…V-3: a placing only where the variant places dues, by a
		// player, the one who strikes next or, with two, the payer's opponent.
		for _, pl := range rul.Place {
			if !v.Placed() || pl.Placer < 0 || pl.Placer >= players || players > 2 && pl.Placer != next.Turn || pl.Count < 1 {
				t.Fatalf("placing %+v under %s with %d players, %d to strike", pl, v.Name(), players, next.Turn)
			}
		}
		g = next
	}
}

// Leader is the standing of a board cut short: the most pockets, then the
// most points, then the first to reach them (RULES V-3, docs/variants.md).
func TestLeader(t *testing.T) {
	g := broken(t, BuyingPockets(), 3, hold(1, 0), hold(3, 0), hold(0, 2))
	if got := g.Leader(); got != 1 {
		t.Errorf("no pockets, points 10, 30, 10: leader %d; want 1, the most points", got)
	}
	g.Owner = [4]int{2, NoPlayer, NoPlayer, NoPlayer}
	if got := g.Leader(); got != 2 {
		t.Errorf("player 2 owns a pocket: leader %d; want 2, the most pockets", got)
	}
	p := broken(t, PointCarrom(), 2, hold(2, 0), hold(1, 2))
	p.Reached = [MaxPlayers]int{4, 2}
	if got := p.Leader(); got != 1 {
		t.Errorf("4 points each, player 1 first to them: leader %d; want 1", got)
	}
}
