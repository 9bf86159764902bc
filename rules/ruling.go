package rules

import "slices"

// Kind names a piece the table must move on the referee's word.
type Kind int

// The pieces.
const (
	WhiteMan Kind = iota
	BlackMan
	TheQueen
)

var pieceNames = [...]string{"white", "black", "queen"}

func (p Kind) String() string { return pieceNames[p] }

func man(c Colour) Kind {
	if c == White {
		return WhiteMan
	}
	return BlackMan
}

// Placing says that Count c/m of Colour come out of the pocket and are put
// back on the board: by seat Placer inside the outer circle (RULES PL-1,
// PL-3), or, with Placer = CentrePlacer, on the centre circle (RULES H-3).
type Placing struct {
	Colour Colour
	Count  int
	Placer int
	Rule   string
}

// CentrePlacer marks a placing that goes on the centre circle.
const CentrePlacer = -1

// Result is how a board ended.
type Result struct {
	Winner Side // NoSide for a void board
	Points int
	Rule   string // the law that decided it, e.g. "SC-2", "SP-6", "T-4"
	Slam   string // "white" or "black" for a slam (RULES SC-5), else ""
}

// Ruling is the referee's word on one input: the laws applied, what must
// happen on the table before the next stroke, and what ended.
type Ruling struct {
	Applied  []string // rule IDs, in the order they were applied
	TurnKept bool
	// Place lists the dues, penalties and returns to place (RULES PL-1…PL-4),
	// all before the next stroke (RULES PL-2).
	Place []Placing
	// Centre lists the pieces to put on the centre circle, in order of
	// precedence: the queen first, then the striking player's colour (RULES
	// Q-11, J-1…J-3). Later pieces touch the earlier ones.
	Centre []Kind
	// Result is the board that this input ended, if any.
	Result *Result
	// GameWinner is the side that won the game this input ended, or NoSide;
	// GameScore is that game's final score.
	GameWinner Side
	GameScore  [2]int
	// MatchWinner is the side that won the match with this input, or NoSide.
	MatchWinner Side
	// ChangeSides: the players change sides before the next board (RULES
	// S-5): singles swap, doubles move one seat to the right.
	ChangeSides bool
}

func (r *Ruling) apply(ids ...string) {
	for _, id := range ids {
		if !slices.Contains(r.Applied, id) {
			r.Applied = append(r.Applied, id)
		}
	}
}

func (r *Ruling) place(c Colour, n, placer int, rule string) {
	if n > 0 {
		r.Place = append(r.Place, Placing{Colour: c, Count: n, Placer: placer, Rule: rule})
	}
}
