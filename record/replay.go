package record

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// ErrDiverged is wrapped by the error of Replay when the re-simulated
// match differs from its record.
var ErrDiverged = errors.New("the replay diverged from the record")

// Config is the table a record was played on, with the physics p.
func (r MatchRecord) Config(p physics.Params) (game.Config, error) {
	rs, err := rules.ByName(r.Rules)
	if err != nil {
		return game.Config{}, fmt.Errorf("record: %w", err)
	}
	return game.Config{Rules: rs, Players: r.Players, Physics: p}, nil
}

// Replay plays the record's actions again on a new table with physics p
// and checks each against its entry: the same pieces pocketed in the same
// order, the same flags, the same rule IDs, and at the end the same
// result. visit, if not nil, sees every entry as replayed, before it is
// compared. The first difference stops the replay with an error wrapping
// ErrDiverged; the table returned is the one before the action that
// differed.
func Replay(r MatchRecord, p physics.Params, visit func(n int, got Entry, t game.Table)) (game.Table, error) {
	cfg, err := r.Config(p)
	if err != nil {
		return game.Table{}, err
	}
	acts := make([]game.Action, len(r.Actions))
	for i, e := range r.Actions {
		acts[i] = e.Action
	}
	t, err := game.Replay(cfg, acts, func(s game.Step) error {
		n, want := s.Index+1, r.Actions[s.Index]
		got := EntryOf(s.Action, s.Outcome)
		if visit != nil {
			visit(n, got, s.After)
		}
		if !sameEntry(got, want) {
			return fmt.Errorf("record: action %d: recorded %q, replayed %q: %w", n, FormatEntry(n, want), FormatEntry(n, got), ErrDiverged)
		}
		return nil
	})
	if ae, ok := errors.AsType[*game.ActionError](err); ok {
		n := ae.Index + 1
		return t, fmt.Errorf("record: action %d (%s): refused: %v: %w", n, FormatEntry(n, r.Actions[ae.Index]), ae.Err, ErrDiverged)
	}
	if err != nil {
		if errors.Is(err, ErrDiverged) {
			return t, err
		}
		return t, fmt.Errorf("record: %w", err)
	}
	if got := ResultOf(t.Match()); got != r.Result {
		return t, fmt.Errorf("record: result recorded %s, replayed %s: %w", r.Result, got, ErrDiverged)
	}
	return t, nil
}

func sameEntry(a, b Entry) bool {
	return math.Float64bits(a.Time) == math.Float64bits(b.Time) && slices.Equal(a.Pocketed, b.Pocketed) && a.Missed == b.Missed && a.Foul == b.Foul && slices.Equal(a.Rules, b.Rules) && a.Void == b.Void
}

// RecordOf is the record of a match played as actions on a table of cfg:
// it replays them to learn each outcome. names, seed and date fill the
// headers.
func RecordOf(cfg game.Config, actions []game.Action, names []string, seed, date string) (MatchRecord, error) {
	r := MatchRecord{Rules: cfg.Rules.Name, Players: cfg.Players, Names: names, Seed: seed, Date: date}
	t, err := game.Replay(cfg, actions, func(s game.Step) error {
		r.Actions = append(r.Actions, EntryOf(s.Action, s.Outcome))
		return nil
	})
	if ae, ok := errors.AsType[*game.ActionError](err); ok {
		return r, fmt.Errorf("record: action %d (%v by seat %d): %w", ae.Index+1, ae.Action.Kind, ae.Action.Seat, ae.Err)
	}
	if err != nil {
		return r, fmt.Errorf("record: %w", err)
	}
	r.Result = ResultOf(t.Match())
	return r, nil
}
