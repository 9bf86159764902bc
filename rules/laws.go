package rules

import "fmt"

// Laws is the behaviour of one rule set: the referee (Match) hands every
// input to its rule set's Laws, so that a rule set is one value in one file
// (icf.go, family.go, solo.go, point.go, three.go, pockets.go) rather than
// conditionals through the referee, as scalachess keeps one object per
// variant. Its values are comparable, so that rule sets and matches compare
// with ==.
type Laws interface {
	// Name is the rule set's name, which ByName reads.
	Name() string
	// Seats says how many seats a match takes.
	Seats() (fewest, most int)
	// start begins a match under r with the given seats.
	start(r Rules, players int) (Match, error)
	stroke(m Match, s Stroke) (Match, Ruling, error)
	toss(m Match, winner Side) (Match, Ruling, error)
	concede(m Match, c Concession) (Match, Ruling, error)
	forfeit(m Match, s Side, rule string) (Match, Ruling, error)
	void(m Match, rule string) (Match, Ruling, error)
	technical(m Match, s Side) (Match, Ruling, error)
	claimTwoTurns(m Match) (Match, Ruling, error)
	forgo(m Match, c Colour) (Match, Ruling, error)
	buy(m Match, b Purchase) (Match, Ruling, error)
	// sideOf is what results call the side of seat.
	sideOf(seat int) Side
}

// ErrNoRules is wrapped by the error of a match under no rule set.
var ErrNoRules = fmt.Errorf("no rule set: %w", ErrNotAwaited)

// NewMatch starts a match under rules r with 2 (singles) or 4 (doubles)
// seats, 1 for a solo clearance, or as many as a variant without colours
// seats (Rules.Seats). Seat 0 breaks the first board.
func NewMatch(r Rules, players int) (Match, error) {
	if r.Laws == nil {
		return Match{}, fmt.Errorf("rules: %w", ErrNoRules)
	}
	return r.Laws.start(r, players)
}

// ruled refuses an input to a match that has no rule set (the zero Match).
func (m Match) ruled() error {
	if m.Rules.Laws == nil {
		return fmt.Errorf("rules: %w", ErrNoRules)
	}
	return nil
}

// Stroke applies the outcome of one stroke by the seat in turn and returns
// the new match and the ruling. An impossible stroke is an error that
// leaves the match unchanged.
func (m Match) Stroke(s Stroke) (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.stroke(m, s)
}

// Toss applies the result of a toss that the referee asked for (RULES B-8,
// G-2): the winning side breaks the extra board, from its first seat.
func (m Match) Toss(winner Side) (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.toss(m, winner)
}

// Concede applies a concession by the seat in turn (RULES G-4).
func (m Match) Concede(c Concession) (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.concede(m, c)
}

// Forfeit applies a loss imposed by the umpire on side s: "D-10" (he left
// his seat during the board), "TM-2" (he played out of turn) or "TM-3" (he
// left the match).
func (m Match) Forfeit(s Side, rule string) (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.forfeit(m, s, rule)
}

// Void replays the board from the break with the same breaker: no legal
// striker position exists (RULES ST-3), or the umpire voids it for T-4.
func (m Match) Void(rule string) (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.void(m, rule)
}

// Technical books a technical foul against side s, committed while it was
// not in turn (RULES D-9).
func (m Match) Technical(s Side) (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.technical(m, s)
}

// ClaimTwoTurns takes, for the seat in turn, two consecutive turns instead
// of one c/m that the other side owes for a foul (RULES H-3).
func (m Match) ClaimTwoTurns() (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.claimTwoTurns(m)
}

// Forgo records that the placer gave up placing one c/m of colour c (RULES
// PL-4).
func (m Match) Forgo(c Colour) (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.forgo(m, c)
}

// Buy applies a purchase of a pocket by the player in turn (RULES V-3; see
// Colourless.Buy).
func (m Match) Buy(b Purchase) (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	return m.Rules.Laws.buy(m, b)
}

// SideOf is what the referee's results call the side of seat: its pair in
// ICF and family play (seat % 2), the player himself in a variant without
// colours.
func (m Match) SideOf(seat int) Side {
	if m.Rules.Laws == nil {
		return side(seat)
	}
	return m.Rules.Laws.sideOf(seat)
}

// Bell ends the match at a tournament's time limit, the score at the bell
// (SoL's rounds with a time limit; no ICF law, docs/tournaments.md): the
// side ahead in games wins, else the side ahead in the current game's
// points; equal is a draw, the match over with no Winner. A variant
// without colours, whose match is one board, has no score to end on.
func (m Match) Bell() (Match, Ruling, error) {
	if err := m.ruled(); err != nil {
		return m, newRuling(), err
	}
	if m.Awaiting == AwaitNothing {
		return m, newRuling(), fmt.Errorf("rules: %w", ErrMatchIsOver)
	}
	if m.Rules.Variant != nil {
		return m, newRuling(), fmt.Errorf("rules: a bell in %s: %w", m.Rules.Name, ErrNotAwaited)
	}
	rul := newRuling()
	w := NoSide
	switch {
	case m.Games[0] != m.Games[1]:
		w = Side(b2i(m.Games[1] > m.Games[0]))
	case m.Score[0] != m.Score[1]:
		w = Side(b2i(m.Score[1] > m.Score[0]))
	}
	m.endMatch(w, &rul)
	return m, rul, nil
}
