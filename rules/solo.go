package rules

import "fmt"

// Solo returns the rule set of the solo clearance, the benchmark of the
// Carrom_rl environment (docs/ai.md): one player, seat 0, strikes every
// time and pockets all 19 pieces from the break. Every c/m counts as his
// own. The queen must be covered by a c/m in the same or the next stroke,
// or it returns to the centre (RULES ). A pocketed striker, or a
// foul, brings one pocketed c/m back to the centre. A stroke that would
// pocket the last c/m while the queen is still to be covered leaves one of
// them on the centre, so that the queen can always be covered and the
// clearance finished. The first stroke is the break, whether it touches a
// c/m or not: a clearance has no break attempts. Pieces that leave the
// board go to the centre (RULES J-1…J-3). The board, and the match, end
// when every piece is down and the queen covered.
func Solo() Rules {
	return Rules{Name: "solo", Laws: clearance{}}
}

// clearance is the referee of the solo clearance (see Solo); what it does
// not rule itself is ruled as under ICF (coloured).
type clearance struct{ coloured }

func (clearance) Name() string      { return "solo" }
func (clearance) Seats() (int, int) { return 1, 1 }

// start starts a solo clearance, which has exactly one seat.
func (clearance) start(r Rules, players int) (Match, error) {
	if players != 1 {
		return Match{}, fmt.Errorf("rules: a solo clearance has 1 player, not %d: %w", players, ErrBadPlayers)
	}
	m := Match{Rules: r, Players: 1, Game: 1, Winner: NoSide}
	m.startBoard(1, 0)
	return m, nil
}

func (clearance) stroke(m Match, s Stroke) (Match, Ruling, error) {
	if err := m.checkStroke(s); err != nil {
		return m, newRuling(), err
	}
	rul := newRuling()
	m.solo(s, &rul)
	return m, rul, nil
}

// A clearance has one player: no input that needs an opponent is one of its.

func (clearance) concede(m Match, _ Concession) (Match, Ruling, error) {
	return noOpponent(m, "a concession")
}

func (clearance) forfeit(m Match, _ Side, _ string) (Match, Ruling, error) {
	if m.Awaiting == AwaitNothing {
		return m, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	return m, newRuling(), errNoOpponent("a forfeit")
}

func (clearance) technical(m Match, _ Side) (Match, Ruling, error) {
	return noOpponent(m, "a technical foul")
}

func (clearance) claimTwoTurns(m Match) (Match, Ruling, error) {
	return noOpponent(m, "a claim of two turns")
}

func noOpponent(m Match, what string) (Match, Ruling, error) {
	if err := m.awaiting(AwaitStroke); err != nil {
		return m, newRuling(), err
	}
	return m, newRuling(), errNoOpponent(what)
}

func errNoOpponent(what string) error {
	return fmt.Errorf("rules: %s needs an opponent; a solo clearance has none: %w", what, ErrNotAwaited)
}

// solo applies a stroke under the clearance's rules (see Solo).
func (m *Match) solo(s Stroke, rul *Ruling) {
	b := &m.Board
	if !b.Broken {
		b.Broken = true
		if !s.Missed {
			rul.apply("B-2")
		}
	}
	b.StrokesSinceBreak++
	respot(s.Jumped, White, rul)

	p := s.Pocketed
	n := p.White + p.Black
	before := b.OnBoard.White + b.OnBoard.Black
	rest := before - n
	queenOn := b.OnBoard.Queen && !p.Queen
	b.OnBoard.White -= p.White
	b.OnBoard.Black -= p.Black
	switch {
	case n > 0 && (b.Queen == QueenPending || p.Queen):
		rul.apply("Q-4")
		b.Queen, b.QueenSide = QueenCovered, 0
		b.OnBoard.Queen = false
	case b.Queen == QueenPending, p.Queen && rest == 0:
		rul.apply("Q-4", "Q-11")
		b.Queen, b.QueenSide = QueenOnBoard, NoSide
		b.OnBoard.Queen = true
		queenOn = true
		rul.Centre = append([]Kind{TheQueen}, rul.Centre...)
	case p.Queen:
		rul.apply("Q-4")
		b.Queen, b.QueenSide = QueenPending, 0
		b.OnBoard.Queen = false
	}

	// The c/m that come back are those of this stroke first, white before
	// black; colours differ in nothing else in a clearance.
	back := func() {
		switch {
		case p.White > 0:
			p.White--
			b.OnBoard.White++
			rul.Centre = append(rul.Centre, WhiteMan)
		case p.Black > 0:
			p.Black--
			b.OnBoard.Black++
			rul.Centre = append(rul.Centre, BlackMan)
		case b.OnBoard.White < 9:
			b.OnBoard.White++
			rul.Centre = append(rul.Centre, WhiteMan)
		default:
			b.OnBoard.Black++
			rul.Centre = append(rul.Centre, BlackMan)
		}
	}
	if n > 0 && rest == 0 && queenOn {
		back()
	}
	if (s.Striker || s.Foul) && b.OnBoard.White+b.OnBoard.Black < 18 {
		if s.Foul {
			rul.apply("D-5")
		} else {
			rul.apply("D-1")
		}
		back()
	}

	if b.OnBoard == (Count{}) && b.Queen != QueenPending {
		res := Result{Winner: 0, Rule: "SC-1"}
		rul.apply(res.Rule)
		rul.Result = &res
		rul.GameWinner, rul.MatchWinner = 0, 0
		m.Winner = 0
		m.Awaiting = AwaitNothing
		return
	}
	rul.TurnKept = true
}
