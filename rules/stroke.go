package rules

import "fmt"

// idleLimit is T-4: both sides passing the turn three times in a row
// without touching a c/m makes six such strokes.
const idleLimit = 6

func newRuling() Ruling { return Ruling{GameWinner: NoSide, MatchWinner: NoSide} }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkStroke rejects a stroke that could not have happened on this board.
func (m Match) checkStroke(s Stroke) error {
	if err := m.awaiting(AwaitStroke); err != nil {
		return err
	}
	p, j, on := s.Pocketed, s.Jumped, m.Board.OnBoard
	if p.White < 0 || p.Black < 0 || j.White < 0 || j.Black < 0 {
		return fmt.Errorf("rules: negative count in stroke: %w", ErrBadStroke)
	}
	if p.White+j.White > on.White {
		return fmt.Errorf("rules: stroke pockets %d and jumps %d white, %d on the board: %w", p.White, j.White, on.White, ErrBadStroke)
	}
	if p.Black+j.Black > on.Black {
		return fmt.Errorf("rules: stroke pockets %d and jumps %d black, %d on the board: %w", p.Black, j.Black, on.Black, ErrBadStroke)
	}
	if (p.Queen || j.Queen) && !on.Queen {
		return fmt.Errorf("rules: stroke moves the queen, which is not on the board: %w", ErrBadStroke)
	}
	if p.Queen && j.Queen {
		return fmt.Errorf("rules: the queen cannot be both pocketed and off the board: %w", ErrBadStroke)
	}
	moved := p.White+p.Black+j.White+j.Black > 0 || p.Queen || j.Queen
	if s.Missed && moved {
		return fmt.Errorf("rules: the striker touched no c/m, yet c/m moved: %w", ErrBadStroke)
	}
	return nil
}

func (m Match) awaiting(want Awaiting) error {
	if m.Awaiting == AwaitNothing {
		return fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	if m.Awaiting != want {
		return fmt.Errorf("rules: awaiting %s, not %s: %w", m.Awaiting, want, ErrNotAwaited)
	}
	return nil
}

// colouredStroke applies a stroke under a rule set with colours whose
// boards end by e.
func (m Match) colouredStroke(s Stroke, e endings) (Match, Ruling, error) {
	if err := m.checkStroke(s); err != nil {
		return m, newRuling(), err
	}
	rul := newRuling()
	b := &m.Board
	if !b.Broken {
		if s.Missed {
			m.failedBreak(s, &rul)
			return m, rul, nil
		}
		b.Broken = true
		b.StrokesSinceBreak = 0
		rul.apply("B-2")
	}
	m.play(s, &rul, e)
	return m, rul, nil
}

// missedBreak rules on a break attempt in which the striker touched no c/m,
// for any referee (RULES B-3…B-5): it counts the attempt against the
// breaker's allowed ones and names only what happened, another attempt
// (B-3, the turn kept), the attempts used up now (B-4, usedUp), single
// attempts alternating (B-4), or the turn ended at once (B-5).
func missedBreak(s Stroke, attempts *int, lost *bool, allowed int, rul *Ruling) (passes, usedUp bool) {
	switch {
	case s.Foul || s.Striker:
		// RULES B-5: the turn ends at once, with no due or penalty (D-8 for
		// the striker).
		rul.apply("B-5")
		if s.Striker {
			rul.apply("D-8")
		}
	default:
		*attempts++
		if !*lost && *attempts < allowed {
			rul.apply("B-3")
			rul.TurnKept = true
			return false, false
		}
		rul.apply("B-4")
		usedUp = !*lost
	}
	// RULES B-4: the colours stay; from now on single attempts alternate.
	*lost = true
	*attempts = 0
	return true, usedUp
}

// failedBreak is a break attempt in which the striker touched no c/m
// (RULES B-3…B-5, H-1, H-2).
func (m *Match) failedBreak(s Stroke, rul *Ruling) {
	b, r := &m.Board, m.Rules
	me := side(m.Turn)
	foul := s.Foul || (r.StrikerIsFoul && s.Striker) || (r.StrikerOffIsFoul && s.StrikerOff)
	if foul && r.BreakFailFoul {
		rul.apply("H-2")
		m.penalize(me, rul, "H-2")
		b.AttemptsLost, b.Attempts = true, 0
	} else {
		passes, usedUp := missedBreak(s, &b.Attempts, &b.AttemptsLost, r.BreakAttempts, rul)
		if !passes {
			return
		}
		if usedUp && r.BreakFailFoul {
			rul.apply("H-1")
			m.penalize(me, rul, "H-1")
		}
	}
	b.Extra = false
	m.passTurn(rul)
}

// penalize books one penalty c/m against side s outside the ordinary
// stroke accounting (the failed break of RULES H-1).
func (m *Match) penalize(s Side, rul *Ruling, rule string) {
	m.settle(s, 1, m.next(m.Turn), rul, rule)
}

// settle adds n c/m to side s's debt and pays what it can from its pocketed
// c/m (RULES D-2, PL-2), placed by seat placer, or on the centre where the
// rules put penalties there (RULES H-3).
func (m *Match) settle(s Side, n, placer int, rul *Ruling, rule string) {
	b := &m.Board
	col := b.colour(s)
	debt := b.Owed[s] + n
	pay := min(debt, 9-b.OnBoard.of(col))
	b.OnBoard.add(col, pay)
	b.Owed[s] = debt - pay
	if m.Rules.PenaltyToCentre {
		placer = CentrePlacer
	}
	if n > 0 && b.Owed[s] > 0 {
		rul.apply("D-2")
		if m.Rules.TwoTurnsOption {
			b.Claimable[s.Other()] = true
		}
	}
	b.clearClaim(s)
	rul.place(col, pay, placer, rule)
}

// strokeFacts are what the referee reads from one stroke, once, before any
// law is applied to it.
type strokeFacts struct {
	s             Stroke
	seat          int
	me, opp       Side
	myCol, oppCol Colour
	// own and their count the c/m of each side's colour pocketed.
	own, their int
	// ownBefore is the player's c/m on the board before the stroke, strokeIdx
	// the strokes made since the break before this one (RULES ).
	ownBefore, strokeIdx int
	queenBefore          QueenState
	queenSideBefore      Side
	// right: the player may pocket the queen (RULES Q-1).
	right bool
	// ruleFoul: the rule set makes the stroke a foul (RULES H-2); foul: it is
	// one, called or by the rule set; due: the striker costs a due (RULES D-1).
	ruleFoul, foul, due bool
	// returned counts the player's own c/m that go back (RULES D-3, D-6).
	returned int
}

// facts reads a stroke by the seat in turn on the board as it stands.
func (m Match) facts(s Stroke) strokeFacts {
	b, r := m.Board, m.Rules
	f := strokeFacts{s: s, seat: m.Turn, me: side(m.Turn)}
	f.opp = f.me.Other()
	f.myCol, f.oppCol = b.colour(f.me), b.colour(f.opp)
	f.own, f.their = s.Pocketed.of(f.myCol), s.Pocketed.of(f.oppCol)
	f.ownBefore, f.strokeIdx = b.OnBoard.of(f.myCol), b.StrokesSinceBreak
	f.queenBefore, f.queenSideBefore = b.Queen, b.QueenSide
	f.right = b.Earned[f.me] || f.own > 0
	f.ruleFoul = r.StrikerIsFoul && s.Striker ||
		r.StrikerOffIsFoul && s.StrikerOff && f.own == 0 ||
		r.OpponentCoinIsFoul && f.their > 0 ||
		r.EarlyQueenIsFoul && s.Pocketed.Queen && !f.right
	f.foul = s.Foul || f.ruleFoul
	// A due comes from the striker where it is not itself a foul (RULES D-1).
	f.due = s.Striker && !r.StrikerIsFoul
	if r.ReturnOwnOnFoul && (f.due || f.foul) {
		f.returned = f.own
	}
	return f
}

// play applies a stroke once the break is made, as a pipeline over the
// stroke's facts: the pieces leave the board and the fouls are named, then
// the special endings, the queen, returns and debts, a cleared board, and
// the turn.
func (m *Match) play(s Stroke, rul *Ruling, e endings) {
	f := m.facts(s)
	m.Board.StrokesSinceBreak++
	m.pocket(f, rul)
	if res, ok := e.special(*m, f, rul); ok {
		m.endBoard(res, rul)
		return
	}
	queenKept := m.queen(f, rul)
	m.returnsAndDebts(f, rul)
	if res, ok := m.clearedBoard(f.me, e); ok {
		m.endBoard(res, rul)
		return
	}
	m.turnAfter(f, queenKept, rul)
}

// pocket takes the stroke's pieces off the board, sends those that left it
// to the centre, and names the fouls (RULES J-1…J-3, D-5, H-2, T-3).
func (m *Match) pocket(f strokeFacts, rul *Ruling) {
	b := &m.Board
	respot(f.s.Jumped, f.myCol, rul)
	if f.s.Foul {
		rul.apply("D-5")
	}
	if f.ruleFoul {
		rul.apply("H-2")
	}
	b.OnBoard.add(f.myCol, -f.own)
	b.OnBoard.add(f.oppCol, -f.their)
	if f.s.Pocketed.Queen {
		b.OnBoard.Queen = false
	}
	if f.their > 0 && !m.Rules.OpponentCoinIsFoul {
		rul.apply("T-3")
	}
}

// returnsAndDebts puts back the player's c/m that this stroke forfeits,
// books and pays his due or penalty, and pays his opponent's debt from the
// opponent's c/m he pocketed (RULES D-1…D-7, PL-1…PL-3).
func (m *Match) returnsAndDebts(f strokeFacts, rul *Ruling) {
	b, r := &m.Board, m.Rules
	if f.own > 0 && f.returned == 0 {
		b.Earned[f.me] = true
	}
	if f.returned > 0 {
		rule := "D-3"
		if f.foul {
			rule = "D-6"
		}
		rul.apply(rule)
		b.OnBoard.add(f.myCol, f.returned)
		rul.place(f.myCol, f.returned, m.next(f.seat), rule)
	}
	// An improper stroke with the striker is ruled by D-6 and D-7, or by D-1
	// when the striker went in alone; D-3 and D-4 are for proper strokes.
	alone := f.own == 0 && f.their == 0
	switch {
	case f.due && !f.foul && f.own > 0:
		rul.apply("D-3")
	case f.due && !f.foul && f.their > 0:
		rul.apply("D-4")
	case f.due && alone:
		rul.apply("D-1")
	}
	if f.foul && f.their > 0 && r.ReturnOwnOnFoul {
		rul.apply("D-7")
	}
	// RULES D-1, D-6: a stroke costs one c/m for the striker or the foul,
	// never a due and a penalty together.
	debt := b2i(f.due || f.foul)
	if debt > 0 || b.Owed[f.me] > 0 {
		rule := "D-2"
		switch {
		case f.due && (!f.foul || alone):
			rule = "D-1"
		case f.foul:
			rule = "D-5"
		}
		m.settle(f.me, debt, m.next(f.seat), rul, rule)
	}
	if f.their > 0 && b.Owed[f.opp] > 0 {
		// RULES PL-3: the player places the c/m that pays his opponent's debt.
		pay := min(b.Owed[f.opp], 9-b.OnBoard.of(f.oppCol))
		b.OnBoard.add(f.oppCol, pay)
		b.Owed[f.opp] -= pay
		b.clearClaim(f.opp)
		placer := f.seat
		if r.PenaltyToCentre {
			placer = CentrePlacer
		}
		rul.apply("PL-3")
		rul.place(f.oppCol, pay, placer, "PL-3")
	}
}

// turnAfter keeps or passes the turn after a stroke that did not end the
// board (RULES T-1, T-4, H-3).
func (m *Match) turnAfter(f strokeFacts, queenKept bool, rul *Ruling) {
	b := &m.Board
	keep := !f.foul && (f.own > 0 || queenKept)
	if f.s.Missed && !keep {
		b.Idle++
		if b.Idle >= idleLimit {
			rul.apply("T-4")
			m.endBoard(Result{Winner: NoSide, Rule: "T-4"}, rul)
			return
		}
	} else {
		b.Idle = 0
	}
	if keep {
		rul.apply("T-1")
		rul.TurnKept = true
		return
	}
	if f.foul {
		b.Extra = false
	}
	if b.Extra {
		b.Extra = false
		rul.apply("H-3")
		rul.TurnKept = true
		return
	}
	m.passTurn(rul)
}

// passTurn gives the turn to the next seat (RULES T-1, S-2).
func (m *Match) passTurn(rul *Ruling) {
	m.Turn = m.next(m.Turn)
	if m.Board.Broken {
		m.Board.Turns++
	}
	if m.Players == 4 {
		rul.apply("S-2")
	}
	m.takeTechnical(m.Turn, rul)
}

// respot puts pieces that left the board on the centre: the queen first,
// then the colour first (the striking player's, RULES J-3), then the other
// (RULES J-1…J-3, H-4).
func respot(j Count, first Colour, rul *Ruling) {
	if j.Queen {
		rul.Centre = append(rul.Centre, TheQueen)
	}
	for _, c := range [2]Colour{first, 1 - first} {
		for i := 0; i < j.of(c); i++ {
			rul.Centre = append(rul.Centre, man(c))
		}
	}
	switch {
	case len(rul.Centre) == 0:
		return
	case j.Queen && len(rul.Centre) > 1:
		rul.apply("J-2")
	case j.White > 0 && j.Black > 0:
		rul.apply("J-3")
	default:
		rul.apply("J-1")
	}
}

// queen applies the laws of the queen to a stroke after the break and says
// whether the queen was pocketed in a way that keeps the turn (RULES Q-1…Q-11).
func (m *Match) queen(f strokeFacts, rul *Ruling) bool {
	b, r := &m.Board, m.Rules
	me := f.me
	s, own, due, foul := f.s, f.own, f.due, f.foul
	back := func(ids ...string) {
		rul.apply(ids...)
		rul.apply("Q-11")
		b.OnBoard.Queen = true
		b.Queen = QueenOnBoard
		b.QueenSide = NoSide
		rul.Centre = append([]Kind{TheQueen}, rul.Centre...)
	}
	if s.Pocketed.Queen {
		switch {
		case foul:
			back("D-6")
		case due && own > 0:
			back("Q-6")
		case due && f.strokeIdx <= 1:
			back("Q-8")
		case due:
			back("Q-7")
			return true
		case !f.right:
			back("Q-1", "Q-2")
		case b.Owed[me] > 0:
			back("Q-3")
		case own == 1 && r.CoverException && (f.strokeIdx == 0 || f.ownBefore == 9):
			rul.apply("Q-5")
			b.Queen, b.QueenSide = QueenPending, me
		case own >= 1:
			rul.apply("Q-5")
			b.Queen, b.QueenSide = QueenCovered, me
		default:
			rul.apply("Q-4")
			b.Queen, b.QueenSide = QueenPending, me
			return true
		}
		return false
	}
	if f.queenBefore != QueenPending {
		return false
	}
	switch {
	case foul:
		back("Q-4", "D-6")
	case due && own > 0:
		rul.apply("Q-10")
	case due:
		back("Q-9")
	case own > 0:
		rul.apply("Q-4")
		b.Queen, b.QueenSide = QueenCovered, me
	default:
		back("Q-4")
	}
	return false
}
