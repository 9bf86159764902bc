package table

import (
	"encoding/json"
	"testing"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// TestPlacingEventNamesNoWinner: the event of a placing carries no ruling,
// so nothing in it reads as a board or game won by side 0.
func TestPlacingEventNamesNoWinner(t *testing.T) {
	st, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	tb := joinParts(&table{id: "t", state: st, seats: make([]seat, 2)})
	var ev struct {
		State struct {
			Match map[string]any `json:"match"`
		} `json:"state"`
	}
	if err := json.Unmarshal(tb.eventMessage(st, game.Action{Seat: 1, Kind: game.Place}, game.Outcome{}), &ev); err != nil {
		t.Fatal(err)
	}
	m := ev.State.Match
	if _, ok := m["ruling"]; ok || m["game_winner"] != nil || m["result"] != nil || m["match_winner"] != nil {
		t.Errorf("a placing's match: ruling %v, result %v, game winner %v, match winner %v; want none", m["ruling"], m["result"], m["game_winner"], m["match_winner"])
	}
}
