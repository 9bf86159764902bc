package ai_test

import (
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/board"
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
			ai.Tally{Strokes: at(white), Scoring: at(white), Covers: at(white), Boards: []rules.Result{*won.Result}, Won: at(white), Slams: side(white)}},
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

// In a variant without colours a scoring stroke is one that credits the
// striker with a c/m, whatever its colour, and each player is his own side:
// the third player of point carrom wins boards as player 2 (RULES V-1).
func TestTallyVariant(t *testing.T) {
	cfg := game.Config{Rules: rules.Of(rules.PointCarrom()), Players: 3, Physics: physics.Default()}
	before, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := before.Match().Colourless
	g.Broken, g.Turn = true, 2
	pieces := before.Pieces()
	var pocketed []board.Piece
	for i, p := range pieces {
		if p.Kind == board.Black {
			pocketed = append(pocketed, p)
			pieces = append(pieces[:i], pieces[i+1:]...)
			break
		}
	}
	g.OnBoard.Black--
	g.Held[2].Black = 1
	after, err := game.Resume(cfg, game.Setup{Match: rules.MatchOf(g), Pieces: pieces, Pocketed: pocketed})
	if err != nil {
		t.Fatal(err)
	}
	var got ai.Tally
	got.Add(before, game.Action{Seat: 2, Kind: game.Strike}, game.Outcome{Stroke: rules.Stroke{Pocketed: rules.Count{Black: 1}}, Ruling: &rules.Ruling{}}, after)
	if want := at(2); got.Strokes != want || got.Scoring != want {
		t.Errorf("a black credited to player 2: strokes %v, scoring %v; want %v each", got.Strokes, got.Scoring, want)
	}
	won := &rules.Ruling{Result: &rules.Result{Winner: 2, Points: 17, Rule: "V-1"}}
	got = ai.Tally{}
	got.Add(after, game.Action{Seat: 2, Kind: game.Strike}, game.Outcome{Ruling: won}, after)
	if got.Won != at(2) || got.Scoring != ([4]int{}) {
		t.Errorf("player 2 wins with a stroke that credits nothing: won %v, scoring %v; want %v and none", got.Won, got.Scoring, at(2))
	}
}
