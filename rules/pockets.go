package rules

import "fmt"

// buyingPockets is "l'achat des trous" (RULES V-3): two to four players, no
// colours; a black is worth 5, a white 10, the queen 25. A player pays c/m
// worth 25 for a free pocket, 60 for another player's, at a turn after the
// one in which he reached the points; what he pays goes back to the centre.
// The player who owns all four pockets wins.
//
// Pocketing the striker, the source's one foul, costs the offender every
// pocket he bought and every c/m he pocketed, back on the centre: his score
// falls to 0 and the turn passes (RULES V-3). Readings where the source is
// silent: any other foul costs one c/m of the offender, his least worth, back
// to the centre, or owed (the ICF penalty, RULES V-3); a board that runs out
// of c/m with nobody able to buy a pocket he lacks is won by the most
// pockets, then the most points.
type buyingPockets struct{ colourlessLaws }

// BuyingPockets returns the rule set of buying the pockets (RULES V-3).
func BuyingPockets() Variant { return buyingPockets{} }

// The prices of a pocket (RULES V-3).
const (
	FreePocketPrice  = 25
	OwnedPocketPrice = 60
)

func (buyingPockets) Name() string                              { return "pockets" }
func (buyingPockets) Rule() string                              { return "V-3" }
func (buyingPockets) Seats() (int, int)                         { return 2, 4 }
func (buyingPockets) Worth() Values                             { return Values{Black: 5, White: 10, Queen: 25} }
func (buyingPockets) credit(_ *Colourless, p int, _ Colour) int { return p }
func (buyingPockets) covers(*Colourless, int, Colour) bool      { return true }
func (buyingPockets) needsRight() bool                          { return false }
func (buyingPockets) blocked(*Colourless, int, Colour, bool) bool {
	return false
}
func (buyingPockets) Buys() bool         { return true }
func (buyingPockets) Placed() bool       { return false }
func (buyingPockets) strikerLoses() bool { return true }

func (buyingPockets) ended(g *Colourless) (int, bool) {
	for p := range g.Players {
		if g.Pockets(p) == len(g.Owner) {
			return p, true
		}
	}
	if g.OnBoard.White+g.OnBoard.Black > 0 {
		return NoPlayer, false
	}
	for p := range g.Players {
		for k := range g.Owner {
			if g.Owner[k] != p && g.Points(p) >= g.Price(k) {
				return NoPlayer, false
			}
		}
	}
	return g.standing(NoPlayer), true
}

// Price is what pocket k costs now (RULES V-3).
func (g Colourless) Price(k int) int {
	if g.Owner[k] == NoPlayer {
		return FreePocketPrice
	}
	return OwnedPocketPrice
}

// Purchase is a pocket bought by the player in turn and what he pays with.
type Purchase struct {
	Pocket int // numbered as board.Pocket
	Pay    Holding
}

// Buy applies a purchase by the player in turn (RULES V-3): the pocket
// becomes his, and the c/m he pays with go back to the centre. He pays only
// with what he held when his turn began. A refused purchase changes nothing.
func (g Colourless) Buy(b Purchase) (Colourless, Ruling, error) {
	refuse := func(format string, args ...any) (Colourless, Ruling, error) {
		return g, newRuling(), fmt.Errorf("rules: "+format+": %w", append(args, ErrBadBuy)...)
	}
	switch {
	case g.Awaiting == AwaitNothing:
		return g, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	case !g.Variant.Buys():
		return refuse("pockets are not bought under %s", g.Variant.Name())
	case b.Pocket < 0 || b.Pocket >= len(g.Owner):
		return refuse("no pocket %d (want 0 to 3)", b.Pocket)
	case b.Pay.White < 0 || b.Pay.Black < 0:
		return refuse("a negative count of c/m")
	case g.Owner[b.Pocket] == g.Turn:
		return refuse("pocket %d is already player %d's", b.Pocket, g.Turn)
	}
	held, banked := g.Held[g.Turn], g.Banked[g.Turn]
	if b.Pay.White > held.White || b.Pay.Black > held.Black || b.Pay.Queen && !held.Queen {
		return refuse("player %d pays with %s but holds %s", g.Turn, describe(b.Pay), describe(held))
	}
	worth, price := g.Variant.Worth(), g.Price(b.Pocket)
	if paid := worth.Of(b.Pay); paid < price {
		return refuse("pocket %d costs %d; %s is worth %d", b.Pocket, price, describe(b.Pay), paid)
	}
	if b.Pay.White > banked.White || b.Pay.Black > banked.Black || b.Pay.Queen && !banked.Queen {
		return refuse("player %d pays with c/m pocketed in this turn; a pocket is bought at a later turn than the points", g.Turn)
	}
	rul := newRuling()
	rul.apply("V-3")
	rul.TurnKept = true
	g.Held[g.Turn] = Holding{White: held.White - b.Pay.White, Black: held.Black - b.Pay.Black, Queen: held.Queen && !b.Pay.Queen}
	g.Banked[g.Turn] = g.Banked[g.Turn].min(g.Held[g.Turn])
	g.Reached[g.Turn] = g.Strokes
	g.Owner[b.Pocket] = g.Turn
	g.toCentre(b.Pay, &rul)
	if b.Pay.Queen {
		g.Queen, g.QueenSide = QueenOnBoard, NoPlayer
	}
	if winner, over := g.Variant.ended(&g); over {
		g.end(winner, "V-3", &rul)
	}
	return g, rul, nil
}

func describe(h Holding) string {
	s := fmt.Sprintf("%d white and %d black", h.White, h.Black)
	if h.Queen {
		s += " and the queen"
	}
	return s
}
