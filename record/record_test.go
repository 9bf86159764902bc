package record

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

func drawAction(t *rapid.T) game.Action {
	f := rapid.Float64()
	a := game.Action{Seat: rapid.IntRange(0, 3).Draw(t, "seat"), Kind: game.ActionKind(rapid.IntRange(0, int(game.Actions)-1).Draw(t, "kind"))}
	switch a.Kind {
	case game.Strike:
		a.Shot = physics.Shot{X: f.Draw(t, "x"), Dir: board.Vec{X: f.Draw(t, "dx"), Y: f.Draw(t, "dy")}, Speed: f.Draw(t, "speed")}
	case game.Place:
		a.At = board.Vec{X: f.Draw(t, "ax"), Y: f.Draw(t, "ay")}
	case game.Concede:
		a.Concede = rules.Concession(rapid.IntRange(0, 2).Draw(t, "concede"))
	case game.Toss:
		a.Toss = rules.Side(rapid.IntRange(0, 1).Draw(t, "toss"))
	case game.Forfeit:
		a.Rule = rapid.SampledFrom([]string{"TM-3", "D-10", "TM-2"}).Draw(t, "rule")
	case game.Buy:
		n := rapid.IntRange(-1, 9)
		a.Buy = rules.Purchase{Pocket: rapid.IntRange(-1, 4).Draw(t, "pocket"), Pay: rules.Holding{White: n.Draw(t, "white"), Black: n.Draw(t, "black"), Queen: rapid.Bool().Draw(t, "queen")}}
	}
	return a
}

func TestActionRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := drawAction(t)
		data, err := FormatAction(a)
		if err != nil {
			if finite(a.Shot.X, a.Shot.Dir.X, a.Shot.Dir.Y, a.Shot.Speed, a.At.X, a.At.Y) {
				t.Fatalf("FormatAction(%+v): %v", a, err)
			}
			return
		}
		got, err := ParseAction(data)
		if err != nil {
			t.Fatalf("ParseAction(FormatAction(%+v)): %v", a, err)
		}
		// Bit for bit: the floats must come back as the same bits.
		if !reflect.DeepEqual(got, a) || math.Float64bits(got.Shot.Speed) != math.Float64bits(a.Shot.Speed) {
			t.Fatalf("ParseAction(FormatAction(%+v)) = %+v", a, got)
		}
	})
}

func TestParseActionErrors(t *testing.T) {
	for _, in := range []string{
		`not json`, `{"kind":"fly","seat":0}`, `{"kind":"strike","seat":0}`, `{"kind":"place","seat":0}`,
		`{"kind":"concede","seat":0,"concede":"set"}`, `{"kind":"buy","seat":0}`, `{"kind":"toss","seat":0}`, `{"kind":"strike","seat":0,"shot":{"x":0,"dir":[0,1],"speed":1},"extra":1}`,
	} {
		if _, err := ParseAction([]byte(in)); !errors.Is(err, ErrAction) {
			t.Errorf("ParseAction(%s) error %v; want ErrAction", in, err)
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, a := range []game.Action{{Kind: game.Strike, Shot: physics.Shot{X: 0.01, Dir: board.Vec{Y: 1}, Speed: 3}}, {Kind: game.Place, Seat: 1, At: board.Vec{X: 0.05}}, {Kind: game.Toss, Toss: 1}} {
		data, err := FormatAction(a)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseAction(data)
		if err != nil {
			return
		}
		data, err = FormatAction(a)
		if err != nil {
			t.Fatalf("%q parsed to %+v, which cannot be written back: %v", data, a, err)
		}
		again, err := ParseAction(data)
		if err != nil || !reflect.DeepEqual(again, a) {
			t.Fatalf("%q parsed to %+v, which does not round-trip: %+v, %v", data, a, again, err)
		}
	})
}

func TestTrajectoryPlacesEveryDisc(t *testing.T) {
	// The trajectory is enough to place any disc at any time: following
	// each disc's motions in closed form gives the simulator's final state.
	p := physics.Default()
	start, err := physics.Place(p, p.Spec.BreakArrangement(0), physics.Shot{X: 0.02, Dir: board.Vec{X: -0.05, Y: 1}, Speed: p.MaxSpeed})
	if err != nil {
		t.Fatal(err)
	}
	res, err := physics.Simulate(p, start)
	if err != nil {
		t.Fatal(err)
	}
	tr := FromStroke(p, start, res)
	data, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	var back Trajectory
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	last := make([]physics.Motion, len(back.Start))
	lastT := make([]float64, len(back.Start))
	for i, d := range back.Start {
		last[i] = physics.Motion{Pos: board.Vec{X: d.X, Y: d.Y}, Vel: board.Vec{X: d.VX, Y: d.VY}, Decel: d.Decel}
	}
	for _, e := range back.Events {
		last[e.I], lastT[e.I] = physics.Motion{Pos: board.Vec{X: e.A.X, Y: e.A.Y}, Vel: board.Vec{X: e.A.VX, Y: e.A.VY}, Decel: e.A.Decel}, e.T
		if e.B != nil {
			last[e.J], lastT[e.J] = physics.Motion{Pos: board.Vec{X: e.B.X, Y: e.B.Y}, Vel: board.Vec{X: e.B.VX, Y: e.B.VY}, Decel: e.B.Decel}, e.T
		}
	}
	for i, d := range res.Final.Discs {
		if d.Pocketed {
			continue
		}
		got := last[i].After(back.Time - lastT[i]).Pos
		if got.Dist(d.Pos) > 1e-12 {
			t.Errorf("%s: trajectory ends at %v; the simulation at %v", d.ID, got, d.Pos)
		}
	}
}
