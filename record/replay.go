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
	t, err := game.New(cfg)
	if err != nil {
		return t, fmt.Errorf("record: %w", err)
	}
	for i, want := range r.Actions {
		n := i + 1
		next, out, err := t.Apply(want.Action)
		if err != nil {
			return t, fmt.Errorf("record: action %d (%s): refused: %v: %w", n, FormatEntry(n, want), err, ErrDiverged)
		}
		got := EntryOf(want.Action, out)
		if visit != nil {
			visit(n, got, next)
		}
		if !sameEntry(got, want) {
			return t, fmt.Errorf("record: action %d: recorded %q, replayed %q: %w", n, FormatEntry(n, want), FormatEntry(n, got), ErrDiverged)
		}
		t = next
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
	t, err := game.New(cfg)
	if err != nil {
		return r, fmt.Errorf("record: %w", err)
	}
	for i, a := range actions {
		next, out, err := t.Apply(a)
		if err != nil {
			return r, fmt.Errorf("record: action %d (%v by seat %d): %w", i+1, a.Kind, a.Seat, err)
		}
		r.Actions = append(r.Actions, EntryOf(a, out))
		t = next
	}
	r.Result = ResultOf(t.Match())
	return r, nil
}
