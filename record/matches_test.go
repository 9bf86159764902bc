package record_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

var update = flag.Bool("update", false, "play the matches of testdata/matches again and rewrite their records")

// matches are whole matches between computer players with fixed seeds,
// kept as records in testdata/matches.
var matches = []struct {
	file    string
	rules   func() rules.Rules
	players []string // the level at each seat
	seed    uint64
}{
	{"icf-beginner-casual.txt", rules.ICF, []string{"beginner", "casual"}, 1},
	{"family-casual-beginner.txt", rules.Family, []string{"casual", "beginner"}, 2},
	{"icf-doubles.txt", rules.ICF, []string{"beginner", "casual", "casual", "beginner"}, 3},
}

// TestMatches replays every committed match record bit for bit. With
// -update it first plays the matches again and rewrites the records.
func TestMatches(t *testing.T) {
	for _, m := range matches {
		name := filepath.Join("testdata", "matches", m.file)
		if *update {
			if err := os.WriteFile(name, []byte(record.Format(playMatch(t, m.rules(), m.players, m.seed))), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Run(m.file, func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			r, err := record.Parse(string(data))
			if err != nil {
				t.Fatal(err)
			}
			if got := record.Format(r); got != string(data) {
				t.Errorf("%s is not in canonical form", name)
			}
			tb, err := record.Replay(r, physics.Default(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Result == "*" || tb.ToAct().Need != game.NeedNothing {
				t.Errorf("%s: result %s; want a finished match", name, r.Result)
			}
		})
	}
}

func playMatch(t *testing.T, rs rules.Rules, levels []string, seed uint64) record.MatchRecord {
	cfg := game.Config{Rules: rs, Players: len(levels), Physics: physics.Default()}
	tb, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]ai.Player, len(levels))
	noises := make([]ai.Noise, len(levels))
	names := make([]string, len(levels))
	for i, name := range levels {
		l, err := ai.LevelByName(name)
		if err != nil {
			t.Fatal(err)
		}
		players[i], noises[i], names[i] = ai.New(l, 1, seed+uint64(i)), l.Noise, "computer "+name
	}
	_, played, err := ai.Play(context.Background(), tb, players, noises, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.RecordOf(cfg, played.Actions, names, fmt.Sprint(seed), "2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	return r
}
