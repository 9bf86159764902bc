package rules

// threePlayers is carrom for three (RULES V-2): no colours; each player
// must pocket 3 white and 3 black. The laws are those of ICF but for the
// queen, which any c/m credited to the player covers, so that a player who
// holds 3 of one colour covers with the other; a due or penalty c/m is
// placed within the outer circle by the player who strikes next (RULES V-2).
//
// Readings where the source is silent:
//   - a c/m of a colour the player already holds 3 of is credited to the
//     next player in turn order who still needs that colour, as an
//     opponent's c/m counts for the opponent in ICF (RULES T-3): it ends the
//     turn unless one of the player's own goes in too, and it covers nothing;
//   - a c/m that would complete a player's set before the queen is covered
//     (or covered by him in this stroke) goes back to the centre, as a last
//     c/m pocketed with the queen on the board never ends an ICF board well
//     (RULES SP-8);
//   - the board ends when a player's set is complete and the queen is
//     covered; his points are the V-1 values of what he holds.
type threePlayers struct{ colourlessLaws }

// ThreePlayers returns the rule set of carrom for three (RULES V-2).
func ThreePlayers() Variant { return threePlayers{} }

// setSize is how many of each colour a player must pocket (RULES V-2).
const setSize = 3

func (threePlayers) Name() string                         { return "three" }
func (threePlayers) Rule() string                         { return "V-2" }
func (threePlayers) Seats() (int, int)                    { return 3, 3 }
func (threePlayers) Worth() Values                        { return PointCarrom().Worth() }
func (threePlayers) covers(*Colourless, int, Colour) bool { return true }
func (threePlayers) needsRight() bool                     { return true }
func (threePlayers) Buys() bool                           { return false }
func (threePlayers) Placed() bool                         { return true }
func (threePlayers) strikerLoses() bool                   { return false }

func (threePlayers) credit(g *Colourless, p int, c Colour) int {
	for q, i := p, 0; i < g.Players; q, i = g.next(q), i+1 {
		if g.Held[q].of(c) < setSize {
			return q
		}
	}
	return p
}

func (threePlayers) blocked(g *Colourless, p int, c Colour, settled bool) bool {
	h := g.Held[p]
	h.add(c, 1)
	return complete(h) && !settled
}

func complete(h Holding) bool { return h.White >= setSize && h.Black >= setSize }

func (threePlayers) ended(g *Colourless) (int, bool) {
	if g.Queen != QueenCovered {
		return NoPlayer, false
	}
	for p, i := g.Turn, 0; i < g.Players; p, i = g.next(p), i+1 {
		if complete(g.Held[p]) {
			return p, true
		}
	}
	return NoPlayer, false
}
