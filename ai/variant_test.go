package ai

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// broken is a board of variant v for n players after the break, with
// player me in turn.
func broken(t testing.TB, v rules.Variant, n, me int) rules.Colourless {
	t.Helper()
	g, err := rules.NewColourless(v, n)
	if err != nil {
		t.Fatal(err)
	}
	g.Broken, g.Turn = true, me
	return g
}

// holding sets what player p holds, and banks it as at the start of his
// turn, with the c/m off the board.
func holding(g rules.Colourless, p int, h rules.Holding) rules.Colourless {
	g.Held[p], g.Banked[p] = h, h
	g.OnBoard.White -= h.White
	g.OnBoard.Black -= h.Black
	if h.Queen {
		g.OnBoard.Queen = false
		g.Queen, g.QueenSide = rules.QueenCovered, p
	}
	return g
}

// The judge scores a stroke by what the variant makes of it, in blacks:
// in point carrom a white is two blacks and the queen awaiting its cover
// half of its five; in buying the pockets the same ratios of 10, 5 and 25
// points; in three players a c/m of a colour the player's set still needs
// is one, one it no longer needs goes to the next player who needs it and
// counts against (RULES T-3, V-2), and a c/m that would complete the set
// before the queen is covered goes back (V-2, docs/variants.md).
func TestVariantJudge(t *testing.T) {
	white := rules.Stroke{Pocketed: rules.Count{White: 1}}
	black := rules.Stroke{Pocketed: rules.Count{Black: 1}}
	queen := rules.Stroke{Pocketed: rules.Count{Queen: true}}
	point := broken(t, rules.PointCarrom(), 2, 0)
	pockets := broken(t, rules.BuyingPockets(), 3, 1)
	three := holding(broken(t, rules.ThreePlayers(), 3, 0), 0, rules.Holding{White: 3, Black: 1})
	threeLast := holding(broken(t, rules.ThreePlayers(), 3, 0), 0, rules.Holding{White: 3, Black: 2})
	nearWin := holding(broken(t, rules.PointCarrom(), 2, 0), 0, rules.Holding{White: 7, Black: 1})
	owner := holding(broken(t, rules.BuyingPockets(), 2, 0), 0, rules.Holding{White: 2})
	owner.Owner = [4]int{0, 1, 0, rules.NoPlayer}
	tests := []struct {
		name  string
		g     rules.Colourless
		s     rules.Stroke
		value float64
		kept  bool
		over  bool
	}{
		{"V-1 white", point, white, 2, true, false},
		{"V-1 black", point, black, 1, true, false},
		{"V-1 queen pending", point, queen, float64(pendingShare * 5), true, false},
		{"V-1 striker alone costs a due", point, rules.Stroke{Striker: true}, -1, false, false},
		{"V-1 17 points win", nearWin, white, wBoardEnd, false, true},
		{"V-3 white", pockets, white, 2, true, false},
		{"V-3 black", pockets, black, 1, true, false},
		{"V-3 queen pending", pockets, queen, float64(pendingShare * 5), true, false},
		{"V-3 the striker costs both pockets bought and every c/m held", owner, rules.Stroke{Striker: true}, -(2*5 + 4), false, false},
		{"V-3 a foul costs the least-worth c/m", owner, rules.Stroke{Foul: true}, -2, false, false},
		{"V-2 needed black", three, black, 1, true, false},
		{"V-2 white credited to the next player", three, white, -oppCoin, false, false},
		{"V-2 completing c/m before the queen goes back", threeLast, black, 0, false, false},
	}
	var pos [rules.MaxPlayers]board.Base
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := variantJudge{g: tc.g, me: tc.g.Turn, pos: pos}.rule(tc.s)
			if v.value < tc.value-1e-9 || v.value > tc.value+1e-9 || v.kept != tc.kept || v.over != tc.over {
				t.Errorf("rule(%+v) = value %v kept %v over %v; want %v %v %v", tc.s, v.value, v.kept, v.over, tc.value, tc.kept, tc.over)
			}
		})
	}
}

// What a player may pocket to his profit is what the variant's referee
// credits him with and lets him go on after (RULES V-1…V-3, Q-1, Q-3).
func TestProfits(t *testing.T) {
	owing := broken(t, rules.PointCarrom(), 2, 0)
	owing.Owed[0] = 1
	earned := holding(broken(t, rules.ThreePlayers(), 3, 0), 0, rules.Holding{White: 3, Black: 1})
	earned.Earned[0] = true
	fresh := broken(t, rules.ThreePlayers(), 3, 0)
	tests := []struct {
		name string
		g    rules.Colourless
		want kinds
	}{
		{"V-1 anything", broken(t, rules.PointCarrom(), 4, 2), kinds{true, true, true}},
		{"V-3 anything", broken(t, rules.BuyingPockets(), 2, 1), kinds{true, true, true}},
		{"Q-3 no queen while owing", owing, kinds{true, true, false}},
		{"Q-1 V-2 no queen before an own c/m", fresh, kinds{true, true, false}},
		{"V-2 the colours the set needs", earned, kinds{false, true, true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := profits(tc.g); got != tc.want {
				t.Errorf("profits = %v; want %v", got, tc.want)
			}
		})
	}
}

// The purchase policy of buying the pockets (RULES V-3, docs/variants.md):
// a free pocket first, then the leader's; paid
// with the least worth at or above the price, then the fewest pieces; only
// with what was held when the turn began.
func TestPurchasePolicy(t *testing.T) {
	no := rules.NoPlayer
	pk := func(players, me int, owner [4]int, h rules.Holding) rules.Colourless {
		g := holding(broken(t, rules.BuyingPockets(), players, me), me, h)
		g.Owner = owner
		return g
	}
	thisTurn := pk(2, 0, [4]int{no, no, no, no}, rules.Holding{White: 3})
	thisTurn.Banked[0] = rules.Holding{White: 1}
	rich := pk(3, 0, [4]int{1, 2, 2, no}, rules.Holding{White: 6})
	rich.Held[1].White, rich.Held[2].White = 2, 1
	tied := pk(3, 0, [4]int{1, 2, 0, 0}, rules.Holding{White: 6})
	tied.Held[2].Black = 1
	tests := []struct {
		name string
		g    rules.Colourless
		want rules.Purchase
		ok   bool
	}{
		{"nothing held", pk(2, 0, [4]int{no, no, no, no}, rules.Holding{}), rules.Purchase{}, false},
		{"points reached in this turn", thisTurn, rules.Purchase{}, false},
		{"a free pocket, exact change, fewest pieces", pk(2, 0, [4]int{1, no, no, no}, rules.Holding{White: 2, Black: 5}), rules.Purchase{Pocket: 1, Pay: rules.Holding{White: 2, Black: 1}}, true},
		{"the queen pays alone", pk(2, 1, [4]int{no, no, no, no}, rules.Holding{White: 1, Queen: true}), rules.Purchase{Pocket: 0, Pay: rules.Holding{Queen: true}}, true},
		{"the least overpaid", pk(2, 0, [4]int{no, no, no, no}, rules.Holding{White: 4}), rules.Purchase{Pocket: 0, Pay: rules.Holding{White: 3}}, true},
		{"a free pocket before an owned one", pk(2, 0, [4]int{1, 1, no, 0}, rules.Holding{White: 6}), rules.Purchase{Pocket: 2, Pay: rules.Holding{White: 3}}, true},
		{"the fourth pocket", pk(3, 0, [4]int{0, 1, 0, 0}, rules.Holding{White: 6}), rules.Purchase{Pocket: 1, Pay: rules.Holding{White: 6}}, true},
		{"the free fourth pocket", pk(2, 0, [4]int{0, 0, no, 0}, rules.Holding{White: 6}), rules.Purchase{Pocket: 2, Pay: rules.Holding{White: 3}}, true},
		{"the leader's pocket", pk(3, 0, [4]int{1, 2, 2, 0}, rules.Holding{White: 6}), rules.Purchase{Pocket: 1, Pay: rules.Holding{White: 6}}, true},
		{"a free pocket even when rich", rich, rules.Purchase{Pocket: 3, Pay: rules.Holding{White: 3}}, true},
		{"tied leaders: the more points", tied, rules.Purchase{Pocket: 1, Pay: rules.Holding{White: 6}}, true},
		{"tied leaders: the sooner to play", pk(3, 2, [4]int{0, 1, 2, 2}, rules.Holding{White: 6}), rules.Purchase{Pocket: 0, Pay: rules.Holding{White: 6}}, true},
		{"not enough for an owned pocket", pk(2, 0, [4]int{1, 1, 0, 0}, rules.Holding{White: 5, Black: 1}), rules.Purchase{}, false},
		{"not under point carrom", holding(broken(t, rules.PointCarrom(), 2, 0), 0, rules.Holding{White: 6}), rules.Purchase{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := purchase(tc.g)
			if got != tc.want || ok != tc.ok {
				t.Fatalf("purchase = %+v, %v; want %+v, %v", got, ok, tc.want, tc.ok)
			}
			if ok {
				if _, _, err := tc.g.Buy(got); err != nil {
					t.Errorf("the referee refuses %+v: %v", got, err)
				}
			}
		})
	}
}

// Whatever the board, the policy buys whenever the referee would accept
// some purchase, and the referee accepts what it buys (RULES V-3).
func TestPurchaseIsLegal(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 4).Draw(rt, "players")
		g, err := rules.NewColourless(rules.BuyingPockets(), n)
		if err != nil {
			rt.Fatal(err)
		}
		for range rapid.IntRange(0, 80).Draw(rt, "inputs") {
			if g.Awaiting == rules.AwaitNothing {
				return
			}
			if b, ok := purchase(g); ok {
				next, _, err := g.Buy(b)
				if err != nil {
					rt.Fatalf("the referee refuses the policy's %+v: %v", b, err)
				}
				g = next
				continue
			}
			if b, ok := anyPurchase(g); ok {
				rt.Fatalf("the policy buys nothing, but the referee accepts %+v", b)
			}
			var s rules.Stroke
			s.Pocketed.White = rapid.IntRange(0, min(g.OnBoard.White, 2)).Draw(rt, "white")
			s.Pocketed.Black = rapid.IntRange(0, min(g.OnBoard.Black, 2)).Draw(rt, "black")
			s.Pocketed.Queen = g.OnBoard.Queen && rapid.Bool().Draw(rt, "queen")
			s.Striker = rapid.IntRange(0, 9).Draw(rt, "striker") == 0
			s.Missed = s.Pocketed.White+s.Pocketed.Black == 0 && !s.Pocketed.Queen && rapid.Bool().Draw(rt, "missed")
			next, _, err := g.Stroke(s)
			if err != nil {
				rt.Fatalf("Stroke(%+v): %v", s, err)
			}
			g = next
		}
	})
}

// anyPurchase is some purchase the referee accepts at g, if there is one.
func anyPurchase(g rules.Colourless) (rules.Purchase, bool) {
	h := g.Held[g.Turn]
	for k := range g.Owner {
		for q := range 2 {
			for w := 0; w <= h.White; w++ {
				for b := 0; b <= h.Black; b++ {
					p := rules.Purchase{Pocket: k, Pay: rules.Holding{White: w, Black: b, Queen: q == 1}}
					if _, _, err := g.Buy(p); err == nil {
						return p, true
					}
				}
			}
		}
	}
	return rules.Purchase{}, false
}

// variantSearch runs the club's search for the player in turn at g, on
// base line 0 (players 1 and 2 on 1 and 2), with pieces on the board.
func variantSearch(t *testing.T, g rules.Colourless, pieces []board.Piece) []Advice {
	t.Helper()
	club := mustLevel(t, "club")
	sit := variantSituation(g, pieces, [rules.MaxPlayers]board.Base{0, 1, 2}, club.Noise)
	s, err := newSearcher(physics.Default(), 0)
	if err != nil {
		t.Fatal(err)
	}
	adv, err := s.search(t.Context(), &sit, club.Budget, 1)
	if err != nil || len(adv) == 0 {
		t.Fatalf("search: %d shots, %v", len(adv), err)
	}
	return adv
}

// A white and a black as easy as each other (mirror images): the searching
// player aims at what its variant makes worth more, the white in point
// carrom (RULES V-1: 2 points against 1), the black in three players when
// it holds 3 white (RULES V-2: a fourth white would go to the next player).
func TestSearchAimsAtTheVariantsObjective(t *testing.T) {
	pieces, err := record.ParsePieces("w1 0.25,0.3 b1 -0.25,0.3")
	if err != nil {
		t.Fatal(err)
	}
	point := broken(t, rules.PointCarrom(), 2, 0)
	point.OnBoard = rules.Count{White: 1, Black: 1}
	three := broken(t, rules.ThreePlayers(), 3, 0)
	three.Held[0] = rules.Holding{White: 3, Black: 1}
	three.Held[1] = rules.Holding{White: 2, Black: 2}
	three.Held[2] = rules.Holding{White: 3, Black: 2}
	three.Earned[0] = true
	three.OnBoard = rules.Count{White: 1, Black: 1}
	three.Queen, three.QueenSide = rules.QueenCovered, 1
	three.Held[1].Queen = true
	for _, tc := range []struct {
		name string
		g    rules.Colourless
		want string
	}{
		{"V-1 the white", point, "w1"},
		{"V-2 the black", three, "b1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			adv := variantSearch(t, tc.g, pieces)
			if adv[0].Target != tc.want {
				t.Errorf("plays %v at %q (value %.2f, success %.2f); want a shot at %q", adv[0].Kind, adv[0].Target, adv[0].Value, adv[0].Success, tc.want)
			}
		})
	}
}

// drawVariantTable draws a table of some variant without colours in some
// consistent position after the break: the c/m and the queen spread
// between the board and the players (the queen on the board, awaiting
// its cover or covered), what the player in turn banked a part of what he
// holds, the pockets owned at random under buying the pockets, and the
// pieces left on the board at distinct spots of a grid.
func drawVariantTable(t *rapid.T) game.Table {
	name := rapid.SampledFrom([]string{"point", "three", "pockets"}).Draw(t, "rules")
	r, err := rules.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := r.Seats()
	n := rapid.IntRange(lo, hi).Draw(t, "players")
	g, err := rules.NewColourless(r.Variant, n)
	if err != nil {
		t.Fatal(err)
	}
	g.Broken = true
	g.Turn = rapid.IntRange(0, n-1).Draw(t, "turn")
	to := func(label string) int { return rapid.IntRange(-1, n-1).Draw(t, label) }
	for range board.WhiteCount {
		if p := to("white"); p >= 0 && (name != "three" || g.Held[p].White < setSize) {
			g.Held[p].White++
			g.OnBoard.White--
		}
	}
	for range board.BlackCount {
		if p := to("black"); p >= 0 && (name != "three" || g.Held[p].Black < setSize) {
			g.Held[p].Black++
			g.OnBoard.Black--
		}
	}
	if g.OnBoard.White+g.OnBoard.Black == 0 {
		g.Held[0].Black--
		g.OnBoard.Black++
	}
	switch q := rapid.IntRange(0, 2).Draw(t, "queen"); q {
	case 1, 2:
		p := to("queen by")
		if p < 0 {
			break
		}
		g.OnBoard.Queen, g.QueenSide = false, p
		g.Queen = rules.QueenPending
		if q == 2 {
			g.Queen, g.Held[p].Queen = rules.QueenCovered, true
		}
	}
	for p := range n {
		g.Earned[p] = g.Held[p].White+g.Held[p].Black > 0
		g.Banked[p] = g.Held[p]
		if name == "three" && g.Queen == rules.QueenCovered && g.Held[p].White >= setSize && g.Held[p].Black >= setSize {
			// A set complete with the queen covered ended the board.
			g.Held[p].Black--
			g.Banked[p].Black--
			g.OnBoard.Black++
		}
		if name == "point" {
			for g.Points(p) >= 17 {
				g.Held[p].White--
				g.OnBoard.White++
			}
			g.Banked[p] = g.Held[p]
		}
	}
	b := &g.Banked[g.Turn]
	b.White = rapid.IntRange(0, b.White).Draw(t, "banked white")
	b.Black = rapid.IntRange(0, b.Black).Draw(t, "banked black")
	b.Queen = b.Queen && rapid.Bool().Draw(t, "banked queen")
	if r.Variant.Buys() {
		for k := range g.Owner {
			g.Owner[k] = to("owner")
		}
		if o := g.Owner[0]; o >= 0 && g.Owner == [4]int{o, o, o, o} {
			g.Owner[0] = rules.NoPlayer
		}
	}
	if err := g.Check(); err != nil {
		t.Fatalf("drawn board: %v", err)
	}
	var pieces, pocketed []board.Piece
	left := map[board.Kind]int{board.White: g.OnBoard.White, board.Black: g.OnBoard.Black}
	if g.OnBoard.Queen {
		left[board.Queen] = 1
	}
	cells := rapid.SliceOfNDistinct(rapid.IntRange(0, 120), 19, 19, rapid.ID[int]).Draw(t, "cells")
	for i, pc := range physics.Default().Spec.BreakArrangement(0) {
		if left[pc.Kind] == 0 {
			pocketed = append(pocketed, board.Piece{ID: pc.ID, Kind: pc.Kind})
			continue
		}
		left[pc.Kind]--
		pc.Pos = board.Vec{X: -0.25 + 0.05*float64(cells[i]%11), Y: -0.25 + 0.05*float64(cells[i]/11)}
		pieces = append(pieces, pc)
	}
	tab, err := game.Resume(game.Config{Rules: r, Players: n, Physics: physics.Default()}, game.Setup{Match: rules.MatchOf(g), Pieces: pieces, Pocketed: pocketed})
	if err != nil {
		t.Fatalf("game.Resume: %v", err)
	}
	return tab
}

// Whatever the position of whatever variant, the computer's action is one
// the table accepts, and it buys a pocket whenever the referee would
// accept some purchase (RULES §14, V-3).
func TestVariantActionIsLegal(t *testing.T) {
	beginner := mustLevel(t, "beginner")
	kindsSeen := map[string]int{}
	defer func() { t.Logf("actions chosen: %v", kindsSeen) }()
	rapid.Check(t, func(rt *rapid.T) {
		tab := drawVariantTable(rt)
		if tab.ToAct().Need != game.NeedStrike {
			rt.Fatalf("drawn table needs %v; want a stroke", tab.ToAct().Need)
		}
		a, err := New(beginner, 1, rapid.Uint64().Draw(rt, "seed")).Act(rt.Context(), tab)
		if err != nil {
			rt.Fatalf("Act: %v", err)
		}
		kindsSeen[a.Kind.String()]++
		if _, _, err := tab.Apply(a); err != nil {
			rt.Fatalf("the table refuses %+v: %v", a, err)
		}
		if b, ok := anyPurchase(tab.Match().Colourless); ok && a.Kind != game.Buy {
			rt.Errorf("%v while the referee would accept %+v", a.Kind, b)
		}
	})
}
