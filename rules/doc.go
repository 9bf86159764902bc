// Package rules is the referee: it applies the laws of carrom (ICF, and the
// family rules) to the outcome of each stroke. It knows counts and
// decisions, never coordinates; the table (package game) turns a simulation
// into a Stroke and carries out the Ruling.
//
// A Match is a value. Each method returns a new Match and a Ruling, or an
// error that leaves the match unchanged:
//
//	m, _ := rules.NewMatch(rules.ICF(), 2)
//	m, ruling, err := m.Stroke(rules.Stroke{Pocketed: rules.Count{White: 1}})
//
// The Ruling lists the laws applied (IDs of RULES.md), whether the turn
// continues, which c/m must be placed and by whom (RULES PL-1…PL-3), which
// pieces go to the centre (RULES Q-11, J-1…J-3), and the board, game or
// match that ended. A rule set is a value that carries its behaviour, its
// Laws, each in its own file (icf.go, family.go, and the variants without
// colours point.go, three.go, pockets.go); All lists them. Solo is the
// clearance of one player that the computer players are measured on
// (solo.go), played on a game.Table like any match.
package rules
