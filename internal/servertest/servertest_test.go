package servertest_test

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
)

func TestMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	st := &protocol.GameState{ToAct: protocol.ToAct{Need: "strike", StrikerRanges: [][2]float64{{-0.2, -0.1}, {0.1, 0.2}}}}
	for range 100 {
		m := servertest.Move(st, rng)
		x, a, p := *m.X, *m.Angle, *m.Power
		if m.Type != "strike" || !(x >= -0.2 && x <= -0.1 || x >= 0.1 && x <= 0.2) || a < 45 || a > 135 || p < 0.2 || p > 0.9 {
			t.Fatalf("Move = %s x %v angle %v power %v; want a strike from a legal spot, 45°..135°, power 0.2..0.9", m.Type, x, a, p)
		}
	}
	st.ToAct = protocol.ToAct{Need: "place", PlaceHint: &[2]float64{0.03, -0.05}}
	if m := servertest.Move(st, rng); m.Type != "place" || *m.X != 0.03 || *m.Y != -0.05 {
		t.Errorf("Move with a place hint = %+v; want that place", m)
	}
	st.ToAct.PlaceHint = nil
	if m := servertest.Move(st, rng); m.Type != "forgo" {
		t.Errorf("Move without a place hint = %+v; want forgo", m)
	}
}

// fields are the JSON fields of a struct type, those of its embedded
// structs included, with their types.
func fields(typ reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case f.Anonymous && name == "":
			for k, v := range fields(f.Type) {
				out[k] = v
			}
		case name != "" && name != "-":
			out[name] = f.Type
		}
	}
	return out
}

// TestMessageReadsEveryMessage: Message, which a client reads every
// server message into, has every field of every message of package
// protocol, of the same type (or a pointer to it): a field added to a
// message is read by the tests too.
func TestMessageReadsEveryMessage(t *testing.T) {
	have := fields(reflect.TypeFor[servertest.Message]())
	for _, msg := range []reflect.Type{
		reflect.TypeFor[protocol.WelcomeMsg](), reflect.TypeFor[protocol.StateMsg](), reflect.TypeFor[protocol.EventMsg](),
		reflect.TypeFor[protocol.SeatsMsg](), reflect.TypeFor[protocol.AimMsg](), reflect.TypeFor[protocol.RematchMsg](),
		reflect.TypeFor[protocol.ErrorMsg](), reflect.TypeFor[protocol.PongMsg](),
	} {
		for name, typ := range fields(msg) {
			got, ok := have[name]
			if ok && got.Kind() == reflect.Pointer && typ.Kind() != reflect.Pointer {
				got = got.Elem()
			}
			if got != typ {
				t.Errorf("protocol.%s has %q, a %v; Message's is %v", msg.Name(), name, typ, got)
			}
		}
	}
}
