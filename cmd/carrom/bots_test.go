package main

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

func TestServerBotsPlayLegally(t *testing.T) {
	if _, err := bots("grandmaster"); err == nil {
		t.Errorf("bots(grandmaster) succeeded; want an unknown level")
	}
	for _, l := range ai.Levels() {
		b, err := bots(l.Name)
		if err != nil {
			t.Fatal(err)
		}
		tb, _ := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
		a, err := b.Act(context.Background(), tb, 0, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		if _, _, err := tb.Apply(a); err != nil {
			t.Errorf("%s breaks with an illegal action %+v: %v", l.Name, a, err)
		}
	}
}
