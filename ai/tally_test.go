package ai_test

import (
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// TestTally counts strokes from outcomes written by hand: what is a
// scoring stroke, a foul and a queen covered (the definitions on Tally).
func TestTally(t *testing.T) {
	tab, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	white := 0
	if tab.Colour(1) == rules.White {
		white = 1
	}
	strike := func(seat int) game.Action { return game.Action{Seat: seat, Kind: game.Strike} }
	won := &rules.Ruling{Result: &rules.Result{Winner: rules.Side(white), Points: 4, Rule: "SC-2", Slam: "white"}}
	tests := []struct {
		name string
		a    game.Action
		out  game.Outcome
		want ai.Tally
	}{
		{"an own c/m: scoring", strike(white), game.Outcome{Stroke: rules.Stroke{Pocketed: rules.Count{White: 1}}, Ruling: &rules.Ruling{}},
			ai.Tally{Strokes: at(white), Scoring: at(white)}},
		{"the other colour only: not scoring", strike(white), game.Outcome{Stroke: rules.Stroke{Pocketed: rules.Count{Black: 2}}, Ruling: &rules.Ruling{Applied: []string{"T-3"}}},
			ai.Tally{Strokes: at(white)}},
		{"a foul called (D-5)", strike(1 - white), game.Outcome{Stroke: rules.Stroke{Foul: true}, Ruling: &rules.Ruling{Applied: []string{"D-5"}}},
			ai.Tally{Strokes: at(1 - white), Fouls: at(1 - white)}},
		{"a due is no foul (D-1)", strike(1 - white), game.Outcome{Stroke: rules.Stroke{Striker: true}, Ruling: &rules.Ruling{Applied: []string{"D-1"}}},
			ai.Tally{Strokes: at(1 - white)}},
		{"queen and own c/m ending the board: covered, won, a slam", strike(white), game.Outcome{Stroke: rules.Stroke{Pocketed: rules.Count{White: 1, Queen: true}}, Ruling: won},
			ai.Tally{Strokes: at(white), Scoring: at(white), Covers: at(white), Boards: []rules.Result{*won.Result}, Won: side(white), Slams: side(white)}},
		{"a placing counts nothing", game.Action{Seat: white, Kind: game.Place}, game.Outcome{}, ai.Tally{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got ai.Tally
			got.Add(tab, tt.a, tt.out, tab)
			if got.Strokes != tt.want.Strokes || got.Scoring != tt.want.Scoring || got.Fouls != tt.want.Fouls || got.Covers != tt.want.Covers ||
				got.Won != tt.want.Won || got.Slams != tt.want.Slams || len(got.Boards) != len(tt.want.Boards) {
				t.Errorf("Add = %+v; want %+v", got, tt.want)
			}
		})
	}
}

func at(seat int) [4]int {
	var a [4]int
	a[seat] = 1
	return a
}

func side(s int) [2]int {
	var a [2]int
	a[s] = 1
	return a
}
