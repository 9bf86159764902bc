package rules

// pointCarrom is point carrom (RULES V-1): two to four players, anyone
// pockets any c/m; a black is worth 1, a white 2, the queen 5 once covered
// by any c/m in the same or the next stroke. The first to 17 points wins;
// otherwise, once every c/m is pocketed, the most points. Otherwise play is
// ICF's: a due or penalty c/m, and the c/m it returns, is placed within the
// outer circle, by the opponent with two players and by the player who
// strikes next with more (RULES V-1, PL-1).
//
// Ties, where the source is silent: of the players with the most points,
// the one who reached his points first wins, as a race to 17 would have it.
type pointCarrom struct{ colourlessLaws }

// PointCarrom returns the rule set of point carrom (RULES V-1).
func PointCarrom() Variant { return pointCarrom{} }

// pointTarget is the score that wins point carrom at once (RULES V-1).
const pointTarget = 17

func (pointCarrom) Name() string                              { return "point" }
func (pointCarrom) Rule() string                              { return "V-1" }
func (pointCarrom) Seats() (int, int)                         { return 2, 4 }
func (pointCarrom) Worth() Values                             { return Values{Black: 1, White: 2, Queen: 5} }
func (pointCarrom) credit(_ *Colourless, p int, _ Colour) int { return p }
func (pointCarrom) covers(*Colourless, int, Colour) bool      { return true }
func (pointCarrom) needsRight() bool                          { return false }
func (pointCarrom) blocked(*Colourless, int, Colour, bool) bool {
	return false
}
func (pointCarrom) Buys() bool         { return false }
func (pointCarrom) Placed() bool       { return true }
func (pointCarrom) strikerLoses() bool { return false }

func (pointCarrom) ended(g *Colourless) (int, bool) {
	if g.Points(g.Turn) >= pointTarget {
		return g.Turn, true
	}
	if g.OnBoard.White+g.OnBoard.Black == 0 {
		return g.standing(NoPlayer), true
	}
	return NoPlayer, false
}
