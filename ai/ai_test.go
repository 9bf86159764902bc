package ai_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/ai/aitest"
	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// A level's effort is counted in strokes simulated, the same on every
// machine and under any load; its time is carrom bench ai's to measure.
var _ aitest.Counter = (*ai.Computer)(nil)

func TestLevelsPassExercise(t *testing.T) {
	for _, l := range ai.Levels() {
		t.Run(l.Name, func(t *testing.T) {
			if testing.Short() && l.Name == "expert" {
				t.Skip("the expert's exercise takes most of a minute; skipped under -short")
			}
			aitest.Exercise(t, func(seed uint64) ai.Player { return ai.New(l, 0, seed) }, l.Budget.Simulations)
		})
	}
}

func TestLevelByName(t *testing.T) {
	for _, l := range ai.Levels() {
		got, err := ai.LevelByName(l.Name)
		if err != nil || got.Name != l.Name {
			t.Errorf("LevelByName(%q) = %q, %v; want %q, nil", l.Name, got.Name, err, l.Name)
		}
	}
	if got, want := ai.LevelNames(), []string{"beginner", "casual", "club", "expert"}; !slices.Equal(got, want) {
		t.Errorf("LevelNames() = %v; want %v", got, want)
	}
	if _, err := ai.LevelByName("grandmaster"); err == nil || !strings.Contains(err.Error(), "beginner, casual, club, expert") {
		t.Errorf("LevelByName(%q) error = %v; want one that names the levels", "grandmaster", err)
	}
}

// A whole match between two computer players must be legal and replay
// bit for bit from its actions.
func TestPlayReplays(t *testing.T) {
	if testing.Short() {
		t.Skip("six boards of the expert take a minute; skipped under -short")
	}
	cfg := game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()}
	tab, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ls := ai.Levels()
	lo, hi := ls[0], ls[len(ls)-1]
	end, rec, err := ai.Play(context.Background(), tab, []ai.Player{ai.New(hi, 0, 1), ai.New(lo, 0, 2)}, []ai.Noise{hi.Noise, lo.Noise}, 3, ai.Boards(6))
	if err != nil {
		t.Fatalf("Play: %v", err)
	}
	if len(rec.Boards) != 6 {
		t.Fatalf("Play ended %d boards; want 6", len(rec.Boards))
	}
	again, err := game.Replay(cfg, rec.Actions, nil)
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if again.Match() != end.Match() {
		t.Errorf("Replay gives match %+v; want %+v", again.Match(), end.Match())
	}
	var won [4]int
	for _, b := range rec.Boards {
		if b.Winner != rules.NoSide {
			won[b.Winner]++
		}
	}
	if won[0] <= won[1] {
		t.Errorf("expert (side 0) won %d boards, beginner %d; want the expert ahead", won[0], won[1])
	}
	if rec.Scoring[0] > rec.Strokes[0] || rec.Scoring[1] > rec.Strokes[1] {
		t.Errorf("scoring strokes %v exceed strokes %v", rec.Scoring, rec.Strokes)
	}
	if rec.Won != won {
		t.Errorf("Tally.Won = %v; want %v, the boards' winners", rec.Won, won)
	}
	// A queen is covered once a board at most, and the last board ended.
	if covers := rec.Covers[0] + rec.Covers[1]; covers > len(rec.Boards) || rec.Fouls[0] > rec.Strokes[0] || rec.Fouls[1] > rec.Strokes[1] {
		t.Errorf("queens covered %v over %d boards, fouls %v in strokes %v; want at most one cover a board, fouls within strokes", rec.Covers, len(rec.Boards), rec.Fouls, rec.Strokes)
	}
}

// The same seed gives the same clearance on one worker and on several.
func TestClearDeterministic(t *testing.T) {
	l, err := ai.LevelByName("club")
	if err != nil {
		t.Fatal(err)
	}
	p := physics.Default()
	one, err := ai.Clear(context.Background(), p, l, ai.CarromRL(), 1, 6, 42)
	if err != nil {
		t.Fatal(err)
	}
	two, err := ai.Clear(context.Background(), p, l, ai.CarromRL(), 3, 6, 42)
	if err != nil {
		t.Fatal(err)
	}
	if one != two {
		t.Errorf("Clear on 1 worker = %+v, on 3 = %+v; want the same", one, two)
	}
	if one.Strokes != 6 {
		t.Errorf("Clear(max 6 strokes) played %d", one.Strokes)
	}
}

// Without noise the expert clears the board well within the limit.
func TestClearWithoutNoise(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole clearance by the expert; skipped under -short")
	}
	l, err := ai.LevelByName("expert")
	if err != nil {
		t.Fatal(err)
	}
	l.Noise = ai.Noise{}
	c, err := ai.Clear(context.Background(), physics.Default(), l, ai.Noise{}, 0, 40, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Cleared || c.Strokes > 25 {
		t.Errorf("noiseless expert clearance = %+v; want cleared in at most 25 strokes", c)
	}
}

func TestAdviseRanksShots(t *testing.T) {
	tab, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := ai.LevelByName("club")
	adv, err := ai.New(l, 0, 1).Advise(context.Background(), tab, 9)
	if err != nil {
		t.Fatal(err)
	}
	if len(adv) == 0 {
		t.Fatal("Advise at the break gave no shot")
	}
	for i, a := range adv {
		if a.Kind != ai.Break {
			t.Errorf("advice %d at the break is a %v shot", i, a.Kind)
		}
		if a.Success < 0 || a.Success > 1 {
			t.Errorf("advice %d: success %v; want a probability", i, a.Success)
		}
		// The finalists (Budget.Final) come first, each group best first.
		if i > 0 && i != l.Budget.Final && a.Value > adv[i-1].Value {
			t.Errorf("advice %d value %v above advice %d value %v; want best first", i, a.Value, i-1, adv[i-1].Value)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ai.New(l, 0, 1).Advise(ctx, tab, 9); err == nil {
		t.Error("Advise with a cancelled context: nil error")
	}
}

// The hand at a family-rules table may wander but never backwards, and
// plays from the base line of the seat to act.
func TestExecuteKeepsShotsLegal(t *testing.T) {
	for _, rs := range []rules.Rules{rules.ICF(), rules.Family()} {
		tab, err := game.New(game.Config{Rules: rs, Players: 2, Physics: physics.Default()})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 1))
		n := ai.Noise{X: 0.01, Angle: 10, Speed: 0.1}
		backwards := 0
		for range 500 {
			sh := n.Execute(tab, physics.Shot{Base: 2, X: 0.1, Dir: board.Vec{X: 1, Y: 0.01}, Speed: 3}, r)
			if sh.Base != tab.ToAct().Base {
				t.Fatalf("%s: Execute played from seat %d; want %d", rs.Name, sh.Base, tab.ToAct().Base)
			}
			if sh.Dir.Y < 0 {
				backwards++
			}
			if _, _, err := tab.Apply(game.Action{Kind: game.Strike, Shot: sh}); err != nil {
				t.Errorf("%s: executed shot %+v rejected: %v", rs.Name, sh, err)
			}
		}
		if rs.ForwardOnly && backwards > 0 {
			t.Errorf("%s: %d of 500 executed shots went backwards", rs.Name, backwards)
		}
		if !rs.ForwardOnly && backwards == 0 {
			t.Errorf("%s: no executed shot went backwards; want the noise left alone", rs.Name)
		}
	}
}
