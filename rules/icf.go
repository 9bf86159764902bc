package rules

// icf is the referee of the laws of the International Carrom Federation.
type icf struct{ coloured }

// ICF returns the laws of the International Carrom Federation.
func ICF() Rules {
	return Rules{
		Name:            "icf",
		Laws:            icf{},
		BreakAttempts:   3,
		ReturnOwnOnFoul: true,
		CoverException:  true,
		QueenPoints:     3,
		QueenFullUpTo:   21,
		MaxBoardPoints:  12,
		GamePoints:      25,
		GameBoards:      8,
		GamesToWin:      2,
	}
}

func (icf) Name() string { return "icf" }

func (l icf) stroke(m Match, s Stroke) (Match, Ruling, error) { return m.colouredStroke(s, l) }

// cleared: every other way of clearing a colour is a special ending,
// decided before the returns (special), so the player clears his own
// (RULES SC-2).
func (icf) cleared(m Match, me Side, _ bool) Result { return m.clearedBy(me, "SC-2") }

// threeOrOne is the "3 (1)" of the special endings: 3 points, or 1 if the
// side that wins the board was already over 21 before it (RULES SC-3).
func (m Match) threeOrOne(w Side) int {
	if m.Score[w] > m.Rules.QueenFullUpTo {
		return 1
	}
	return 3
}

// special applies the special endings of a single stroke (RULES SP-1…
// SP-14, SC-4), once the stroke's pieces are off the board.
//
// Readings where the table is silent: the striker with both last c/m in a
// covering stroke returns the player's c/m (RULES Q-10), so it scores as
// SP-3 with the due; an improper SP-13 returns the player's c/m (RULES D-6)
// while the opponent's last stays pocketed, so it scores as SP-14.
func (icf) special(m Match, f strokeFacts, rul *Ruling) (Result, bool) {
	res, ok := m.spEnding(f)
	if ok && f.foul {
		rul.apply("SC-4")
	}
	return res, ok
}

// spEnding is the special ending of a stroke, if it makes one.
func (m Match) spEnding(f strokeFacts) (Result, bool) {
	b := m.Board
	me, opp := f.me, f.opp
	due, foul, queen := f.due, f.foul, f.s.Pocketed.Queen
	qBefore, queenSide := f.queenBefore, f.queenSideBefore
	ownLast := f.own > 0 && b.OnBoard.of(f.myCol) == 0
	// The opponent's debt is paid from the c/m just pocketed (RULES PL-3),
	// so his last c/m is gone only if he owes nothing.
	oppLast := f.their > 0 && b.OnBoard.of(f.oppCol) == 0 && b.Owed[opp] == 0
	// coinsLeft: the player's c/m left once this stroke's returns and his
	// earlier debt are counted.
	coinsLeft := b.OnBoard.of(f.myCol) + f.returned + b.debit(me)
	// RULES SC-4 (I 95): an improper SP-1…SP-13 is the same result plus one
	// more penalty c/m, on top of any due the result itself counts.
	sc4 := b2i(foul)
	withDue := coinsLeft + b2i(due)
	// RULES SP-14 is outside SC-4: its stroke costs one c/m, the due or the
	// penalty, never both (RULES D-1, D-6; F 3.11 e, f).
	sp14 := coinsLeft + b2i(due || foul)
	qv := m.Rules.queenValue(m.Score[opp])
	coveredByOpp := 0
	if queenSide == opp {
		coveredByOpp = qv
	}
	res := func(w Side, points int, rule string) (Result, bool) {
		return Result{Winner: w, Points: m.Rules.cap(points), Rule: rule}, true
	}
	switch {
	case ownLast && oppLast:
		switch {
		case queen && due:
			return res(opp, m.threeOrOne(opp)+sc4, "SP-9")
		case queen && foul:
			return res(opp, m.threeOrOne(opp), "SP-5")
		case queen:
			return res(me, m.threeOrOne(me), "SP-4")
		case qBefore == QueenPending && due:
			return res(opp, withDue+qv+sc4, "SP-3")
		case qBefore == QueenPending && foul:
			return res(opp, m.threeOrOne(opp), "SP-2")
		case qBefore == QueenPending:
			return res(me, m.threeOrOne(me), "SP-1")
		case qBefore == QueenOnBoard:
			return res(opp, m.threeOrOne(opp)+sc4, "SP-6")
		case due && queenSide == me:
			return res(opp, 1+sc4, "SP-10")
		case due:
			// RULES SP-11 is among F 3.7 f)–m): 1 point from 22 on.
			return res(opp, m.threeOrOne(opp)+sc4, "SP-11")
		case foul:
			return res(opp, sp14+coveredByOpp, "SP-14")
		default:
			return res(queenSide, m.threeOrOne(queenSide), "SP-13")
		}
	case oppLast:
		switch {
		case qBefore == QueenPending:
			return res(opp, withDue+qv+sc4, "SP-3")
		case qBefore == QueenOnBoard && due:
			return res(opp, withDue+qv+sc4, "SP-12")
		case qBefore == QueenOnBoard:
			return res(opp, coinsLeft+qv+sc4, "SP-7")
		default:
			return res(opp, sp14+coveredByOpp, "SP-14")
		}
	case ownLast && qBefore == QueenOnBoard && !queen:
		return res(opp, m.threeOrOne(opp)+sc4, "SP-8")
	}
	return Result{}, false
}
