package rules

import "fmt"

// Rules is a rule set: a value whose fields say where the laws of one
// variant differ from another. The referee's code is the same for all of
// them, as scalachess keeps one object per variant rather than a fork.
type Rules struct {
	Name string

	// BreakAttempts is how many tries the breaker has to touch a c/m
	// (RULES B-3, H-1).
	BreakAttempts int
	// BreakFailFoul makes the last failed break attempt a foul (RULES H-1).
	BreakFailFoul bool

	// ReturnOwnOnFoul places back the player's own c/m pocketed in a stroke
	// that also pocketed the striker or was a foul (RULES D-3, D-6).
	ReturnOwnOnFoul bool
	// StrikerIsFoul makes a pocketed striker a foul paid as a penalty rather
	// than a due (RULES H-2).
	StrikerIsFoul bool
	// StrikerOffIsFoul makes a striker that leaves the board a foul unless an
	// own c/m was pocketed in the same stroke (RULES H-2).
	StrikerOffIsFoul bool
	// OpponentCoinIsFoul makes pocketing an opponent's c/m a foul (RULES H-2;
	// ICF T-3 says it is not).
	OpponentCoinIsFoul bool
	// EarlyQueenIsFoul makes pocketing the queen before an own c/m a foul
	// (RULES H-2); otherwise the queen just returns (RULES Q-2).
	EarlyQueenIsFoul bool
	// PenaltyToCentre puts a paid penalty on the centre circle (RULES H-3)
	// instead of having the opponent place it in the outer circle (RULES PL-1).
	PenaltyToCentre bool
	// TwoTurnsOption lets the opponent of an offender who has nothing to pay
	// with take two consecutive turns instead of the debt (RULES H-3).
	TwoTurnsOption bool

	// CoverException: at the break, or while all nine own c/m were on the
	// board, the queen with exactly one own c/m still needs covering (RULES Q-5).
	CoverException bool
	// ICFEndings applies the special endings SP-1…SP-14 and SC-4; otherwise the
	// family endings H-5 and H-6 apply.
	ICFEndings bool

	// QueenPoints is the queen's value to the winner of the board while his
	// score before the board is at most QueenFullUpTo; above it the queen is
	// worth QueenReducedPoints (RULES Q-12, H-5, H-7).
	QueenPoints        int
	QueenFullUpTo      int
	QueenReducedPoints int
	// MaxBoardPoints caps a board's score; 0 means no cap (RULES SC-2).
	MaxBoardPoints int

	// GamePoints and GameBoards end a game (RULES G-1, H-7).
	GamePoints int
	GameBoards int
	// GamesToWin is how many games win the match (RULES G-3: best of three).
	GamesToWin int

	// Clockwise says the turn passes to the left (RULES H-8) rather than to the
	// right (RULES S-2). Seats are always numbered in turn order; this tells
	// the table where each seat sits.
	Clockwise bool
	// ForwardOnly forbids shooting the striker backwards (RULES ST-4, H-2);
	// the table refuses such a shot.
	ForwardOnly bool
	// TwoWhitesFacing turns the break arrangement so that two adjacent white
	// c/m face the first player (RULES A-3).
	TwoWhitesFacing bool

	// Solo is the clearance of one player (solo.go): its strokes are ruled
	// by the clearance's own laws, and the fields above are not read.
	Solo bool

	// Variant is a rule set without colours (RULES §14), whose board is
	// ruled by the colourless referee (Colourless) with this variant's
	// behaviour; nil for ICF, family and solo. The fields above but Name
	// and Rings are not read.
	Variant Variant
	// Rings lays out the break as the queen ringed by six c/m and the rest
	// as a second ring, without the white Y of RULES A-1 (RULES V-3).
	Rings bool
}

// ICF returns the laws of the International Carrom Federation.
func ICF() Rules {
	return Rules{
		Name:            "icf",
		BreakAttempts:   3,
		ReturnOwnOnFoul: true,
		CoverException:  true,
		ICFEndings:      true,
		QueenPoints:     3,
		QueenFullUpTo:   21,
		MaxBoardPoints:  12,
		GamePoints:      25,
		GameBoards:      8,
		GamesToWin:      2,
	}
}

// Family returns the family ("Città del Sole") rules of RULES §13.
func Family() Rules {
	return Rules{
		Name:               "family",
		BreakAttempts:      3,
		BreakFailFoul:      true,
		StrikerIsFoul:      true,
		StrikerOffIsFoul:   true,
		OpponentCoinIsFoul: true,
		EarlyQueenIsFoul:   true,
		PenaltyToCentre:    true,
		TwoTurnsOption:     true,
		QueenPoints:        5,
		QueenFullUpTo:      19,
		QueenReducedPoints: 1,
		GamePoints:         25,
		GameBoards:         8,
		GamesToWin:         2,
		Clockwise:          true,
		ForwardOnly:        true,
		TwoWhitesFacing:    true,
	}
}

// Of is the rule set that plays variant v (RULES §14).
func Of(v Variant) Rules {
	return Rules{Name: v.Name(), Variant: v, Rings: v.Buys()}
}

// Names are the rule sets ByName knows, in the order a menu lists them.
var Names = []string{"icf", "family", "point", "three", "pockets"}

// ByName returns the rule set called name: "icf", "family", or a variant
// without colours, "point", "three" or "pockets".
func ByName(name string) (Rules, error) {
	switch name {
	case "icf":
		return ICF(), nil
	case "family":
		return Family(), nil
	}
	if v, err := VariantByName(name); err == nil {
		return Of(v), nil
	}
	return Rules{}, fmt.Errorf("rules: unknown rule set %q (want icf, family, point, three or pockets)", name)
}

// Seats says how many seats a match under r takes.
func (r Rules) Seats() (fewest, most int) {
	switch {
	case r.Variant != nil:
		return r.Variant.Seats()
	case r.Solo:
		return 1, 1
	}
	return 2, 4
}

// queenValue is what the queen adds to the board's winner with score before
// the board (RULES Q-12, H-7).
func (r Rules) queenValue(score int) int {
	if score <= r.QueenFullUpTo {
		return r.QueenPoints
	}
	return r.QueenReducedPoints
}

// cap applies the board maximum (RULES SC-2).
func (r Rules) cap(points int) int {
	if r.MaxBoardPoints > 0 && points > r.MaxBoardPoints {
		return r.MaxBoardPoints
	}
	return points
}
