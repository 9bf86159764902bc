package rules

import "fmt"

// coloured is the referee of the rule sets with colours, ICF and family
// (and, for what it does not rule itself, the solo clearance): every input
// but the stroke, which each rule set plays through colouredStroke with its
// own endings. The figures where ICF and family differ are fields of Rules.
type coloured struct{}

func (coloured) Seats() (int, int) { return 2, 4 }

func (coloured) start(r Rules, players int) (Match, error) {
	if players != 2 && players != 4 {
		return Match{}, ErrBadPlayers
	}
	m := Match{Rules: r, Players: players, Game: 1, Winner: NoSide}
	m.startBoard(1, 0)
	return m, nil
}

func (coloured) buy(m Match, _ Purchase) (Match, Ruling, error) {
	if m.Awaiting == AwaitNothing {
		return m, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	return m, newRuling(), fmt.Errorf("rules: pockets are not bought under %s: %w", m.Rules.Name, ErrBadBuy)
}

func (coloured) sideOf(seat int) Side { return side(seat) }

// endings are where the rule sets with colours differ in how a board ends.
type endings interface {
	// special ends the board by the stroke itself, once its pieces are off
	// the board and before the queen and the returns are ruled on.
	special(m Match, f strokeFacts, rul *Ruling) (Result, bool)
	// cleared is the result of a board in which a colour has left the board
	// after the returns and placing of player me's stroke; mine says it is
	// his own colour.
	cleared(m Match, me Side, mine bool) Result
}
