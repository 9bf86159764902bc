package game

import "fmt"

// Step is one action of a replay: its index among the actions, the table
// before it, the action, what it did and the table after it.
type Step struct {
	Index   int
	Before  Table
	Action  Action
	Outcome Outcome
	After   Table
}

// ActionError is the error of Replay when an action does not apply.
type ActionError struct {
	Index  int // among the actions, from 0
	Action Action
	Err    error // Apply's
}

func (e *ActionError) Error() string {
	return fmt.Sprintf("game: replaying action %d (%v by seat %d): %v", e.Index, e.Action.Kind, e.Action.Seat, e.Err)
}

func (e *ActionError) Unwrap() error { return e.Err }

// Replay plays actions from the start of a match on a new table of cfg:
// the same actions always give the same table, bit for bit. With Continue
// it is the one loop that replays stored actions (records, the server's
// tables, their backlogs, replays and statistics). visit, if not nil,
// sees each action once applied; an error of visit stops the replay and is
// returned as it is. An action that does not apply stops it with an
// *ActionError. Either way the table returned is the one before the
// action that stopped it.
func Replay(cfg Config, actions []Action, visit func(Step) error) (Table, error) {
	t, err := New(cfg)
	if err != nil {
		return t, err
	}
	return Continue(t, actions, visit)
}

// Continue is Replay from table t instead of a new one: the actions are
// those after t, and Step.Index counts them from 0.
func Continue(t Table, actions []Action, visit func(Step) error) (Table, error) {
	for i, a := range actions {
		next, out, err := t.Apply(a)
		if err != nil {
			return t, &ActionError{Index: i, Action: a, Err: err}
		}
		if visit != nil {
			if err := visit(Step{Index: i, Before: t, Action: a, Outcome: out, After: next}); err != nil {
				return t, err
			}
		}
		t = next
	}
	return t, nil
}
