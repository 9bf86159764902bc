package rules

// threeOrOne is the "3 (1)" of the special endings: 3 points, or 1 if the
// side that wins the board was already over 21 before it (RULES SC-3).
func (m Match) threeOrOne(w Side) int {
	if m.Score[w] > m.Rules.QueenFullUpTo {
		return 1
	}
	return 3
}

// icfEnding applies the special endings of a single stroke (RULES SP-1…
// SP-14, SC-4), once the stroke's pieces are off the board.
//
// Readings where the table is silent: the striker with both last c/m in a
// covering stroke returns the player's c/m (RULES Q-10), so it scores as
// SP-3 with the due; an improper SP-13 returns the player's c/m (RULES D-6)
// while the opponent's last stays pocketed, so it scores as SP-14.
func (m Match) icfEnding(f strokeFacts) (Result, bool) {
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

// clearedBoard ends the board when a colour has left the board after the
// stroke's returns and placing (RULES SC-1, SC-2, H-5, H-6).
func (m Match) clearedBoard(me Side) (Result, bool) {
	b, r := m.Board, m.Rules
	opp := me.Other()
	mine, theirs := b.OnBoard.of(b.colour(me)) == 0, b.OnBoard.of(b.colour(opp)) == 0
	if !mine && !theirs {
		return Result{}, false
	}
	covered := b.Queen == QueenCovered
	won := func(w Side, rule string) (Result, bool) {
		loser := w.Other()
		points := b.OnBoard.of(b.colour(loser)) + b.debit(loser)
		if covered && b.QueenSide == w {
			points += r.queenValue(m.Score[w])
		}
		return Result{Winner: w, Points: r.cap(points), Rule: rule}, true
	}
	switch {
	case r.ICFEndings:
		// Every other way of clearing a colour is a special ending, decided
		// before the returns (icfEnding).
		return won(me, "SC-2")
	case mine && !covered:
		return Result{Winner: opp, Points: r.cap(r.queenValue(m.Score[opp])), Rule: "H-6"}, true
	case !covered:
		points := b.OnBoard.of(b.colour(me)) + b.debit(me) + r.queenValue(m.Score[opp])
		return Result{Winner: opp, Points: r.cap(points), Rule: "H-6"}, true
	case mine:
		return won(me, "H-5")
	default:
		return won(opp, "H-5")
	}
}

// endBoard scores a finished (or void) board, records a slam, and moves on
// to the next board, game or the end of the match (RULES G-1…G-3, B-7).
func (m *Match) endBoard(res Result, rul *Ruling) {
	b := m.Board
	me := side(m.Turn)
	if res.Winner == me && (res.Rule == "SC-2" || res.Rule == "H-5" || res.Rule == "SP-4" || res.Rule == "SP-1") {
		// RULES SC-5: a slam is a board won in the winner's first turn.
		switch {
		case b.Turns == 0 && me == b.White:
			res.Slam = "white"
		case b.Turns == 1 && me != b.White:
			res.Slam = "black"
		}
		if res.Slam != "" {
			rul.apply("SC-5")
		}
	}
	rul.apply(res.Rule)
	rul.Result = &res
	rul.Place, rul.Centre, rul.TurnKept = nil, nil, false
	if res.Winner == NoSide {
		// A void board is replayed by the same breaker (RULES T-4, ST-3).
		m.startBoard(b.Number, b.Breaker)
		return
	}
	m.Score[res.Winner] += res.Points
	r := m.Rules
	// RULES S-5: in the deciding game, sides change after the 4th board or
	// at 13 points, whichever comes first.
	if m.Game == 2*r.GamesToWin-1 && !m.SidesChanged && (b.Number == 4 || max(m.Score[0], m.Score[1]) >= 13) {
		rul.apply("S-5")
		rul.ChangeSides = true
		m.SidesChanged = true
	}
	switch {
	case m.Score[res.Winner] >= r.GamePoints:
		m.endGame(res.Winner, rul)
	case b.Number < r.GameBoards:
		m.startBoard(b.Number+1, m.breakerOf(b.Number+1))
	case m.Score[0] > m.Score[1]:
		m.endGame(0, rul)
	case m.Score[1] > m.Score[0]:
		m.endGame(1, rul)
	default:
		// RULES G-2, B-8: tied after the last board; a toss decides who
		// breaks the extra board.
		rul.apply("G-2")
		m.startBoard(b.Number+1, m.breakerOf(b.Number+1))
		m.Awaiting = AwaitToss
	}
}

// firstBreaker is the seat that breaks the first board of game g (RULES
// B-7): seat 0 in games 1 and 3, seat 1 in game 2.
func firstBreaker(g int) int { return (g - 1) % 2 }

// breakerOf is the seat that breaks board n of the current game: the break
// passes round the seats in turn order (RULES B-7).
func (m Match) breakerOf(n int) int { return (firstBreaker(m.Game) + n - 1) % m.Players }

// endGame gives game to side w and starts the next game or ends the match.
func (m *Match) endGame(w Side, rul *Ruling) {
	rul.apply("G-1")
	rul.GameWinner = w
	rul.GameScore = m.Score
	m.Games[w]++
	if m.Games[w] >= m.Rules.GamesToWin {
		rul.apply("G-3")
		m.endMatch(w, rul)
		return
	}
	// RULES S-5: sides change after each game.
	rul.apply("S-5")
	rul.ChangeSides = true
	m.Game++
	m.Score = [2]int{}
	m.SidesChanged = false
	m.startBoard(1, firstBreaker(m.Game))
}

func (m *Match) endMatch(w Side, rul *Ruling) {
	m.Winner = w
	m.Awaiting = AwaitNothing
	rul.MatchWinner = w
}
