package ai

import (
	"slices"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/rules"
)

// Tally counts what is measured of play. The bench (internal/aibench)
// and a player's statistics on the server both count with it, so the two
// share their definitions:
//
//   - a stroke is a strike, the break's attempts included;
//   - a scoring stroke pockets at least one of the striker's own c/m,
//     whatever the referee then rules (in a variant without colours, where
//     any c/m may be his, one the referee credits to him, a debt paid
//     included);
//   - a foul is a stroke ruled one (RULES D-5 called, H-2 by the rule
//     set); a due (D-1) is not a foul;
//   - a queen covered is a stroke after which the queen is the striker's
//     side's, covered (RULES ), where before it was not;
//   - a board won is a board whose result names the side (in a variant
//     without colours each player is his own side: rules.Match.SideOf); a
//     slam one won in the winner's first turn (RULES SC-5).
type Tally struct {
	Boards  []rules.Result // each board that ended, in order
	Won     [4]int         // boards won, by side
	Slams   [2]int         // boards won in the winner's first turn, by side
	Strokes [4]int         // by seat
	Scoring [4]int         // by seat
	Fouls   [4]int         // by seat
	Covers  [4]int         // queens covered, by seat
}

// Add counts action a, played on before with outcome out.
func (t *Tally) Add(before game.Table, a game.Action, out game.Outcome, after game.Table) {
	if a.Kind == game.Strike && a.Seat >= 0 && a.Seat < len(t.Strokes) {
		t.Strokes[a.Seat]++
		own := out.Stroke.Pocketed.White
		switch {
		case before.Match().Rules.Variant != nil:
			own = credited(before.Match().Colourless, after.Match().Colourless, a.Seat)
		case before.Colour(a.Seat) == rules.Black:
			own = out.Stroke.Pocketed.Black
		}
		if own > 0 {
			t.Scoring[a.Seat]++
		}
		if rul := out.Ruling; rul != nil && (slices.Contains(rul.Applied, "D-5") || slices.Contains(rul.Applied, "H-2")) {
			t.Fouls[a.Seat]++
		}
		if covered(before, a.Seat, own, out, after) {
			t.Covers[a.Seat]++
		}
	}
	// A placing has no ruling; every other action has one.
	if rul := out.Ruling; rul != nil && rul.Result != nil {
		res := rul.Result
		t.Boards = append(t.Boards, *res)
		if res.Winner != rules.NoSide {
			t.Won[res.Winner]++
			if res.Slam != "" {
				t.Slams[res.Winner]++
			}
		}
	}
}

// covered says whether seat's stroke covered the queen. While the board
// goes on, the board says so; a stroke that ends the board covers it if
// it pocketed an own c/m with the queen, or with the queen awaiting the
// side's cover, and was neither a foul nor a due (RULES ).
func covered(before game.Table, seat, own int, out game.Outcome, after game.Table) bool {
	if before.Match().Rules.Variant != nil {
		// A variant's board keeps its queen's state when it ends.
		b, a := before.Match().Colourless, after.Match().Colourless
		return b.Queen != rules.QueenCovered && a.Queen == rules.QueenCovered && a.QueenSide == seat
	}
	side := rules.Side(seat % 2)
	b := before.Match().Board
	if b.Queen == rules.QueenCovered {
		return false
	}
	rul := out.Ruling
	if rul == nil || rul.Result == nil {
		a := after.Match().Board
		return a.Queen == rules.QueenCovered && a.QueenSide == side
	}
	if own == 0 || out.Stroke.Foul || out.Stroke.Striker || slices.Contains(rul.Applied, "H-2") {
		return false
	}
	return out.Stroke.Pocketed.Queen || b.Queen == rules.QueenPending && b.QueenSide == side
}

// credited is how many c/m a stroke from board g0 to g1 credited to
// player p of a variant without colours, those that paid his debts
// included.
func credited(g0, g1 rules.Colourless, p int) int {
	h0, h1 := g0.Held[p], g1.Held[p]
	return h1.White + h1.Black - h0.White - h0.Black + max(g0.Owed[p]-g1.Owed[p], 0)
}
