package rules

import "fmt"

// toss: the winning side breaks the extra board, from its first seat
// (RULES B-8, G-2).
func (coloured) toss(m Match, winner Side) (Match, Ruling, error) {
	if err := m.awaiting(AwaitToss); err != nil {
		return m, newRuling(), err
	}
	if winner != 0 && winner != 1 {
		return m, newRuling(), fmt.Errorf("rules: toss won by side %d: %w", winner, ErrBadSide)
	}
	rul := newRuling()
	rul.apply("B-8")
	m.startBoard(m.Board.Number, int(winner))
	return m, rul, nil
}

// Concession is what a player concedes (RULES G-4).
type Concession int

// The three concessions.
const (
	ConcedeBoard Concession = iota
	ConcedeGame
	ConcedeMatch
)

// ParseConcession reads "board", "game" or "match".
func ParseConcession(s string) (Concession, error) {
	switch s {
	case "board":
		return ConcedeBoard, nil
	case "game":
		return ConcedeGame, nil
	case "match":
		return ConcedeMatch, nil
	}
	return 0, fmt.Errorf("rules: concede %q (want board, game or match): %w", s, ErrBadConcede)
}

// concede: a conceded board scores for the opponent as SC-2, the queen
// counted if it is still on the board (or awaiting cover) or was covered by
// the opponent (RULES G-4).
func (coloured) concede(m Match, c Concession) (Match, Ruling, error) {
	if err := m.awaiting(AwaitStroke); err != nil {
		return m, newRuling(), err
	}
	rul := newRuling()
	loser := side(m.Turn)
	winner := loser.Other()
	if c != ConcedeBoard {
		rul.apply("G-4")
	}
	switch c {
	case ConcedeBoard:
		b := m.Board
		queen := b.Queen != QueenCovered || b.QueenSide == winner
		m.loseBoard(loser, queen, "G-4", &rul)
	case ConcedeGame:
		m.endGame(winner, &rul)
	case ConcedeMatch:
		m.endMatch(winner, &rul)
	default:
		return m, newRuling(), fmt.Errorf("rules: concession %d: %w", c, ErrBadConcede)
	}
	return m, rul, nil
}

// loseBoard ends the board against loser by his c/m on the board and owed,
// plus the queen's value if queen (RULES G-4, D-10, TM-2).
func (m *Match) loseBoard(loser Side, queen bool, rule string, rul *Ruling) {
	b := m.Board
	winner := loser.Other()
	points := b.OnBoard.of(b.colour(loser)) + b.debit(loser)
	if queen {
		points += m.Rules.queenValue(m.Score[winner])
	}
	m.endBoard(Result{Winner: winner, Points: m.Rules.cap(points), Rule: rule}, rul)
}

// forfeit: "D-10" loses the board by the offender's c/m on the board and
// the queen unless he covered it himself; "TM-2" by his c/m and the queen if
// it is not covered; "TM-3" loses the match.
func (coloured) forfeit(m Match, s Side, rule string) (Match, Ruling, error) {
	if m.Awaiting == AwaitNothing {
		return m, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	if s != 0 && s != 1 {
		return m, newRuling(), fmt.Errorf("rules: forfeit by side %d: %w", s, ErrBadSide)
	}
	rul := newRuling()
	switch rule {
	case "D-10", "TM-2":
		if m.Awaiting != AwaitStroke {
			return m, newRuling(), fmt.Errorf("rules: no board in play to forfeit: %w", ErrNotAwaited)
		}
		b := m.Board
		queen := b.Queen != QueenCovered
		if rule == "D-10" {
			// RULES D-10 (I 65): "più la Regina" — the queen counts wherever it
			// is, except in the offender's own pocket, covered by him.
			queen = queen || b.QueenSide == s.Other()
		}
		m.loseBoard(s, queen, rule, &rul)
	case "TM-3":
		rul.apply("TM-3")
		m.endMatch(s.Other(), &rul)
	default:
		return m, newRuling(), fmt.Errorf("rules: forfeit %q (want D-10, TM-2 or TM-3): %w", rule, ErrBadForfeit)
	}
	return m, rul, nil
}

// void replays the board from the break with the same breaker (RULES ST-3,
// T-4).
func (coloured) void(m Match, rule string) (Match, Ruling, error) {
	if err := m.awaiting(AwaitStroke); err != nil {
		return m, newRuling(), err
	}
	if rule != "ST-3" && rule != "T-4" {
		return m, newRuling(), fmt.Errorf("rules: void by %q (want ST-3 or T-4): %w", rule, ErrBadVoid)
	}
	rul := newRuling()
	m.endBoard(Result{Winner: NoSide, Rule: rule}, &rul)
	return m, rul, nil
}

// technical books a technical foul against side s (RULES D-9). The penalty
// is not taken now: it waits for the start of side s's next turn, when the
// opponent who places for that turn takes it (F 4.1.1), so the position the
// other side plays is not changed. In singles the side in turn commits
// fouls, not technical fouls (RULES D-5).
func (coloured) technical(m Match, s Side) (Match, Ruling, error) {
	if err := m.awaiting(AwaitStroke); err != nil {
		return m, newRuling(), err
	}
	if s != 0 && s != 1 {
		return m, newRuling(), fmt.Errorf("rules: technical foul by side %d: %w", s, ErrBadSide)
	}
	if m.Players == 2 && side(m.Turn) == s {
		return m, newRuling(), fmt.Errorf("rules: side %d is in turn, so its violation is a foul of its stroke (D-5), not a technical foul: %w", s, ErrNotAwaited)
	}
	rul := newRuling()
	rul.apply("D-9")
	m.Board.Technical[s]++
	return m, rul, nil
}

// takeTechnical takes the technical-foul penalties of the side whose turn
// begins with seat, placed by the opponent on its right (RULES D-9, PL-1).
func (m *Match) takeTechnical(seat int, rul *Ruling) {
	s := side(seat)
	n := m.Board.Technical[s]
	if n == 0 {
		return
	}
	m.Board.Technical[s] = 0
	rul.apply("D-9")
	m.settle(s, n, m.next(seat), rul, "D-9")
}

// claimTwoTurns takes two consecutive turns instead of one c/m that the
// other side owes for a foul (RULES H-3).
func (coloured) claimTwoTurns(m Match) (Match, Ruling, error) {
	if err := m.awaiting(AwaitStroke); err != nil {
		return m, newRuling(), err
	}
	b := &m.Board
	me := side(m.Turn)
	if !m.Rules.TwoTurnsOption || !b.Claimable[me] || b.Owed[me.Other()] == 0 {
		return m, newRuling(), fmt.Errorf("rules: no unpaid penalty to exchange for two turns: %w", ErrNoClaim)
	}
	rul := newRuling()
	rul.apply("H-3")
	b.Owed[me.Other()]--
	b.Claimable[me] = false
	b.Extra = true
	return m, rul, nil
}

// forgo: the c/m stays in the pocket (RULES PL-4). A colour is never
// emptied this way: the last c/m of a colour on the board is always placed.
func (coloured) forgo(m Match, c Colour) (Match, Ruling, error) {
	if err := m.awaiting(AwaitStroke); err != nil {
		return m, newRuling(), err
	}
	if c != White && c != Black {
		return m, newRuling(), fmt.Errorf("rules: forgo colour %d: %w", c, ErrBadStroke)
	}
	if m.Board.OnBoard.of(c) <= 1 {
		return m, newRuling(), fmt.Errorf("rules: the last %v c/m must be placed: %w", c, ErrNotAwaited)
	}
	rul := newRuling()
	rul.apply("PL-4")
	m.Board.OnBoard.add(c, -1)
	return m, rul, nil
}
