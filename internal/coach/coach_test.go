package coach_test

import (
	"context"
	"testing"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/coach"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// TestAdviseGivesALegalShot: the coach's shot at the break is one the
// table accepts, with a chance between 0 and 1.
func TestAdviseGivesALegalShot(t *testing.T) {
	c, err := coach.New()
	if err != nil {
		t.Fatal(err)
	}
	tb, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.Advise(context.Background(), tb, 7)
	if err != nil {
		t.Fatal(err)
	}
	if a.Success < 0 || a.Success > 1 {
		t.Errorf("Advise at the break: success %v; want 0..1", a.Success)
	}
	if a.Kind != "break" && a.Kind != "sweep" {
		t.Errorf("Advise at the break: kind %q; want break or sweep", a.Kind)
	}
	if _, _, err := tb.Apply(game.Action{Seat: 0, Kind: game.Strike, Shot: a.Shot}); err != nil {
		t.Errorf("the coach's break %+v is refused: %v", a.Shot, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Advise(ctx, tb, 7); err == nil {
		t.Error("Advise with its context ended succeeded; want an error")
	}
}
