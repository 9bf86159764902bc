package game

import (
	"reflect"
	"testing"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
	"pgregory.net/rapid"
)

// A stroke simulated elsewhere and carried out with Carry leaves the table
// and the ruling that Apply gives for the same shot, and the table it was
// called on unchanged. ApplyOn gives Apply's table and outcome on one
// simulator reused stroke after stroke, and on a simulator made for other
// physics (which it does not use).
func TestCarryAndApplyOnAreApply(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := drawTable(t)
		cfg := tb.Config()
		sim, err := physics.NewSimulator(cfg.Physics)
		if err != nil {
			t.Fatal(err)
		}
		otherPhysics := cfg.Physics
		otherPhysics.ECushion /= 2
		other, err := physics.NewSimulator(otherPhysics)
		if err != nil {
			t.Fatal(err)
		}
		for range rapid.IntRange(1, 30).Draw(t, "actions") {
			turn := tb.ToAct()
			if turn.Need == NeedNothing {
				return
			}
			a := drawAction(t, tb)
			next, out, err := tb.Apply(a)
			if err != nil {
				t.Fatalf("%v refused: %v", a, err)
			}
			for _, s := range []*physics.Simulator{sim, other} {
				on, oout, err := tb.ApplyOn(s, a)
				if sameTable, sameOut := reflect.DeepEqual(on, next), reflect.DeepEqual(oout, out); err != nil || !sameTable || !sameOut {
					t.Fatalf("ApplyOn(%v) on a simulator for the table's physics %v: error %v, Apply's table %v, Apply's outcome %v", a, s == sim, err, sameTable, sameOut)
				}
			}
			if a.Kind == Strike {
				sh := a.Shot
				sh.Base = turn.Base
				res, err := sim.Stroke(tb.Pieces(), sh)
				if err != nil {
					t.Fatal(err)
				}
				before := tb.clone()
				carried, cout, err := tb.Carry(res)
				if err != nil {
					t.Fatalf("Carry(%v): %v", a, err)
				}
				if !reflect.DeepEqual(carried, next) {
					t.Fatalf("%s: Carry(%v) gave another table than Apply", cfg.Rules.Name, a)
				}
				if !reflect.DeepEqual(cout.Stroke, out.Stroke) || !reflect.DeepEqual(cout.Ruling, out.Ruling) || !reflect.DeepEqual(cout.Respotted, out.Respotted) || cout.Void != out.Void {
					t.Fatalf("%s: Carry(%v) = %+v; Apply gave %+v", cfg.Rules.Name, a, cout, out)
				}
				if !reflect.DeepEqual(tb, before) {
					t.Fatalf("Carry changed the table it was called on")
				}
			}
			tb = next
		}
	})
}

func TestCarryWhenNoStrokeIsAwaited(t *testing.T) {
	tb := midBoard(t, []board.Piece{{ID: "w1", Kind: board.White, Pos: board.Vec{X: 0.2}}})
	tb.held = []held{{Colour: rules.White, Placer: 1}}
	tb.room = true
	if _, _, err := tb.Carry(physics.Result{}); err == nil {
		t.Errorf("Carry while a c/m waits to be placed: no error")
	}
}

// A solo clearance is a table of one seat, which strikes every stroke
// from the same base line.
func TestSoloTable(t *testing.T) {
	tb := newTable(t, solo())
	if turn := tb.ToAct(); turn.Seat != 0 || turn.Need != NeedStrike || turn.Base != 0 || len(tb.Pieces()) != 19 {
		t.Fatalf("new solo table: %+v, %d pieces; want seat 0 to strike from base line 0, 19 pieces", turn, len(tb.Pieces()))
	}
	if _, err := New(Config{Rules: rules.Solo(), Players: 2, Physics: physics.Default()}); err == nil {
		t.Errorf("a solo table with two seats: no error")
	}
}
