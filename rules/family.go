package rules

// family is the referee of the family ("Città del Sole") rules of RULES §13.
type family struct{ coloured }

// Family returns the family ("Città del Sole") rules of RULES §13.
func Family() Rules {
	return Rules{
		Name:               "family",
		Laws:               family{},
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

func (family) Name() string { return "family" }

func (l family) stroke(m Match, s Stroke) (Match, Ruling, error) { return m.colouredStroke(s, l) }

// special: the family rules have no special endings; a board ends only
// when a colour is cleared (cleared).
func (family) special(Match, strokeFacts, *Ruling) (Result, bool) { return Result{}, false }

// cleared applies the family endings (RULES H-5, H-6): clearing a colour
// with the queen not covered loses the board.
func (family) cleared(m Match, me Side, mine bool) Result {
	b, r := m.Board, m.Rules
	opp := me.Other()
	covered := b.Queen == QueenCovered
	switch {
	case mine && !covered:
		return Result{Winner: opp, Points: r.cap(r.queenValue(m.Score[opp])), Rule: "H-6"}
	case !covered:
		points := b.OnBoard.of(b.colour(me)) + b.debit(me) + r.queenValue(m.Score[opp])
		return Result{Winner: opp, Points: r.cap(points), Rule: "H-6"}
	case mine:
		return m.clearedBy(me, "H-5")
	default:
		return m.clearedBy(opp, "H-5")
	}
}
