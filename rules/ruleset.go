package rules

import (
	"fmt"
	"strings"
)

// Rules is a rule set: its Laws, the behaviour the referee (Match) hands
// every input to, and the figures where the laws of one rule set differ
// from another's, read by the referee and the table. A rule set is one
// value in its own file, as scalachess keeps one object per variant;
// All lists them.
type Rules struct {
	Name string
	// Laws rules each input under this rule set.
	Laws Laws

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

	// Variant is Laws when the rule set has no colours (RULES §14), whose
	// board is ruled by the colourless referee (Colourless) with this
	// variant's behaviour; nil for ICF, family and solo. The fields above
	// but Name and Laws are not read.
	Variant Variant
	// Rings lays out the break as the queen ringed by six c/m and the rest
	// as a second ring, without the white Y of RULES A-1 (RULES V-3).
	Rings bool
}

// Of is the rule set that plays variant v (RULES §14).
func Of(v Variant) Rules {
	return Rules{Name: v.Name(), Laws: v, Variant: v, Rings: v.Buys()}
}

// All are the rule sets ByName knows, in the order a menu lists them: a new
// rule set is one line here, its own file and its tests.
func All() []Rules {
	return []Rules{ICF(), Family(), Of(PointCarrom()), Of(ThreePlayers()), Of(BuyingPockets())}
}

// Names are the names of All, in its order.
var Names = names(All())

func names(rs []Rules) []string {
	var ns []string
	for _, r := range rs {
		ns = append(ns, r.Name)
	}
	return ns
}

// either lists names for an error: "a, b or c".
func either(ns []string) string {
	if len(ns) < 2 {
		return strings.Join(ns, "")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " or " + ns[len(ns)-1]
}

// ByName returns the rule set called name, one of Names.
func ByName(name string) (Rules, error) {
	for _, r := range All() {
		if r.Name == name {
			return r, nil
		}
	}
	return Rules{}, fmt.Errorf("rules: unknown rule set %q (want %s)", name, either(Names))
}

// VariantByName returns the colourless rule set called name.
func VariantByName(name string) (Variant, error) {
	var ns []string
	for _, r := range All() {
		if r.Variant == nil {
			continue
		}
		if r.Name == name {
			return r.Variant, nil
		}
		ns = append(ns, r.Name)
	}
	return nil, fmt.Errorf("rules: unknown colourless rule set %q (want %s)", name, either(ns))
}

// Seats says how many seats a match under r takes.
func (r Rules) Seats() (fewest, most int) {
	if r.Laws == nil {
		return 0, 0
	}
	return r.Laws.Seats()
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
