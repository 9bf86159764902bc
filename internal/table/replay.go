package table

import (
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/record"
)

// ReplayView is how a replay shows a stored table, as a table of its
// own would while nobody is there: its players by the names they sat
// under, its computer seats taken, no clock, the match not begun; and,
// if its result says so (result, as the store keeps it), aborted.
func ReplayView(id string, cfg protocol.TableConfig, sat []carrom.SeatRecord, result []byte) View {
	v := View{ID: id, Config: cfg, Seats: make([]protocol.SeatState, cfg.Players)}
	if wasAborted(result) {
		v.Aborted, v.Unrated = true, abortedWhy
	}
	for i := range v.Seats {
		v.Seats[i].Seat = i
		if i < len(cfg.Seats) {
			computer := cfg.Seats[i].Kind == protocol.SeatComputer
			v.Seats[i].Kind, v.Seats[i].Level, v.Seats[i].Taken, v.Seats[i].Connected = cfg.Seats[i].Kind, cfg.Seats[i].Level, computer, computer
		}
	}
	for _, st := range sat {
		if st.Seat >= 0 && st.Seat < len(v.Seats) {
			v.Seats[st.Seat].Nickname = st.Nickname
		}
	}
	return v
}

// ReplayStored plays a table's stored actions on a new game of cfg, the one
// loop of game.Replay, visit (if not nil) seeing each step with the record
// of its action.
func ReplayStored(id string, cfg game.Config, actions []carrom.ActionRecord, visit func(s game.Step, a carrom.ActionRecord) error) (game.Table, error) {
	acts, err := ParseActions(id, actions)
	if err != nil {
		return game.Table{}, err
	}
	end, err := game.Replay(cfg, acts, func(s game.Step) error {
		if visit == nil {
			return nil
		}
		return visit(s, actions[s.Index])
	})
	if ae, ok := errors.AsType[*game.ActionError](err); ok {
		return end, fmt.Errorf("table: table %s action %d no longer applies: %w", id, actions[ae.Index].Seq, ae.Err)
	}
	return end, err
}

// ParseActions reads a table's stored actions.
func ParseActions(id string, actions []carrom.ActionRecord) ([]game.Action, error) {
	acts := make([]game.Action, 0, len(actions))
	for _, a := range actions {
		act, err := record.ParseAction(a.Action)
		if err != nil {
			return nil, fmt.Errorf("table: table %s action %d: %w", id, a.Seq, err)
		}
		acts = append(acts, act)
	}
	return acts, nil
}
