package umpire

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// TestStatsAsTally: boards played on the simulated table by the weakest
// computer players, entered into a sheet as an umpire would (each
// stroke's outcome as a referee line, each board signed), give the
// statistics ai.Tally counts for the bench and the profiles.
func TestStatsAsTally(t *testing.T) {
	for _, tc := range []struct {
		rules   string
		players int
		seed    uint64
	}{{"icf", 2, 1}, {"family", 2, 2}, {"icf", 4, 3}} {
		t.Run(fmt.Sprintf("%s-%d", tc.rules, tc.players), func(t *testing.T) {
			r, _ := rules.ByName(tc.rules)
			cfg := game.Config{Rules: r, Players: tc.players, Physics: physics.Default()}
			tab, err := game.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			low := ai.Levels()[0]
			players := make([]ai.Player, tc.players)
			noises := make([]ai.Noise, tc.players)
			names := make([]string, tc.players)
			for i := range players {
				players[i], noises[i], names[i] = ai.New(low, 1, tc.seed*10+uint64(i)), low.Noise, fmt.Sprintf("P%d", i)
			}
			_, rec, err := ai.Play(context.Background(), tab, players, noises, tc.seed, ai.Boards(3))
			if err != nil {
				t.Fatal(err)
			}
			s, err := New(Config{Rules: tc.rules, Players: tc.players, Names: names})
			if err != nil {
				t.Fatal(err)
			}
			op := func(o Op) {
				t.Helper()
				o.Seq = s.Seq + 1
				if s, err = s.Apply(o); err != nil {
					t.Fatal(err)
				}
			}
			boards := 0
			for _, a := range rec.Actions {
				next, out, err := tab.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				var line any
				switch a.Kind {
				case game.Strike, game.Timeout:
					line = map[string]any{"stroke": record.StrokeOf(out.Stroke)}
				case game.Place:
				case game.Concede, game.Forgo, game.Toss, game.Forfeit:
					t.Fatalf("a %v in the computers' play: the test enters strokes only", a.Kind)
				}
				if out.Void {
					t.Fatalf("a board voided by the table (ST-3): the test enters strokes only")
				}
				if line != nil {
					data, _ := json.Marshal(line)
					op(Op{Line: data})
				}
				if rul := out.Ruling; rul != nil && rul.Result != nil {
					boards++
					op(Op{Sign: boards})
				}
				tab = next
			}
			v := s.View()
			if got, want := len(v.Boards), len(rec.Boards); got != want || want != 3 {
				t.Fatalf("%d boards on the sheet, %d played; want 3", got, want)
			}
			for sd := range 2 {
				st := v.Stats[sd]
				var strokes, scoring, fouls, covers int
				for seat := sd; seat < tc.players; seat += 2 {
					strokes += rec.Strokes[seat]
					scoring += rec.Scoring[seat]
					fouls += rec.Fouls[seat]
					covers += rec.Covers[seat]
				}
				want := SideStats{Boards: rec.Won[sd], Queens: covers, Slams: rec.Slams[sd], Strokes: strokes, Scoring: scoring, Fouls: fouls}
				t.Logf("side %d: %+v", sd, st)
				if st != want {
					t.Errorf("side %d: the sheet counts %+v; ai.Tally %+v", sd, st, want)
				}
			}
			for i, b := range v.Boards {
				w := rec.Boards[i]
				if b.Points != w.Points || b.Rule != w.Rule || (b.Winner == nil) != (w.Winner == rules.NoSide) || b.Winner != nil && *b.Winner != int(w.Winner) {
					t.Errorf("board %d: the sheet %+v; the table %+v", i+1, b, w)
				}
			}
		})
	}
}
