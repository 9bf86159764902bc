package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// TestReplayVariant: the record of a three-player game of point carrom
// (RULES V-1), strokes from each player's own base line and a concession,
// replays to the end with its result.
func TestReplayVariant(t *testing.T) {
	rs, err := rules.ByName("point")
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.Config{Rules: rs, Players: 3, Physics: physics.Default()}
	tb, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var actions []game.Action
	for i := 0; i < 6; i++ {
		r := tb.StrikerRanges()[0]
		a := game.Action{Seat: tb.ToAct().Seat, Kind: game.Strike, Shot: physics.Shot{X: (r.Lo + r.Hi) / 2, Dir: board.Vec{X: 0.1 * float64(i%2), Y: 1}, Speed: 4}}
		next, _, err := tb.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		actions = append(actions, a)
		tb = next
	}
	actions = append(actions, game.Action{Seat: tb.ToAct().Seat, Kind: game.Concede, Concede: rules.ConcedeMatch})
	r, err := record.RecordOf(cfg, actions, nil, "", "")
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"replay", "-"}, strings.NewReader(record.Format(r)), &out, &errOut); code != 0 {
		t.Fatalf("carrom replay of a point carrom record: exit %d, stderr %s\n%s", code, errOut.String(), record.Format(r))
	}
	if !strings.HasPrefix(r.Result, "player ") || !strings.Contains(out.String(), "replayed bit for bit; result "+r.Result) {
		t.Errorf("result %q; output\n%s", r.Result, out.String())
	}
}
