package rules

// clearedBoard ends the board when a colour has left the board after the
// stroke's returns and placing, as the rule set's endings say (RULES SC-1).
func (m Match) clearedBoard(me Side, e endings) (Result, bool) {
	b := m.Board
	mine, theirs := b.OnBoard.of(b.colour(me)) == 0, b.OnBoard.of(b.colour(me.Other())) == 0
	if !mine && !theirs {
		return Result{}, false
	}
	return e.cleared(m, me, mine), true
}

// clearedBy is the result of a board that side w wins by clearing a colour:
// the loser's c/m left and owed, and the queen if w covered it (RULES SC-2,
// H-5).
func (m Match) clearedBy(w Side, rule string) Result {
	b, r := m.Board, m.Rules
	loser := w.Other()
	points := b.OnBoard.of(b.colour(loser)) + b.debit(loser)
	if b.Queen == QueenCovered && b.QueenSide == w {
		points += r.queenValue(m.Score[w])
	}
	return Result{Winner: w, Points: r.cap(points), Rule: rule}
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
