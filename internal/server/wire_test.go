package server

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/rules"
)

func TestDecodeMessage(t *testing.T) {
	tests := []struct {
		in   string
		kind string
		want game.ActionKind
	}{
		{`{"v":1,"type":"ping"}`, "ping", 0},
		{`{"v":1,"type":"sit","seat":1,"nickname":"  Ann "}`, "sit", 0},
		{`{"v":1,"type":"strike","x":0.01,"angle":90,"speed":4}`, "act", game.Strike},
		{`{"v":1,"type":"strike","x":0,"dir":[0.1,1],"power":1}`, "act", game.Strike},
		{`{"v":1,"type":"place","x":0.05,"y":0}`, "act", game.Place},
		{`{"v":1,"type":"forgo"}`, "act", game.Forgo},
		{`{"v":1,"type":"concede","what":"match"}`, "act", game.Concede},
		{`{"v":1,"type":"buy","pocket":2,"white":2,"black":1}`, "act", game.Buy},
		{`{"v":1,"type":"buy","pocket":0,"white":0,"black":0,"queen":true}`, "act", game.Buy},
	}
	for _, tc := range tests {
		got, err := decodeMessage([]byte(tc.in), 5)
		if err != nil || got.kind != tc.kind || (got.kind == "act" && got.action.Kind != tc.want) {
			t.Errorf("decodeMessage(%s) = %+v, %v; want %s %v", tc.in, got, err, tc.kind, tc.want)
		}
	}
	// RULES V-3: the pocket and the c/m paid reach the referee as sent, which
	// judges them.
	if got, _ := decodeMessage([]byte(`{"v":1,"type":"buy","pocket":3,"white":1,"black":3,"queen":true}`), 5); got.action.Buy != (rules.Purchase{Pocket: 3, Pay: rules.Holding{White: 1, Black: 3, Queen: true}}) {
		t.Errorf("buy: %+v", got.action.Buy)
	}
	if got, _ := decodeMessage([]byte(`{"v":1,"type":"sit","seat":1,"nickname":"  Ann "}`), 5); got.nickname != "Ann" {
		t.Errorf("nickname %q; want it trimmed", got.nickname)
	}
	if got, _ := decodeMessage([]byte(`{"v":1,"type":"strike","x":0,"angle":90,"power":0.5}`), 5); math.Abs(got.action.Shot.Dir.X) > 1e-15 || got.action.Shot.Speed != 2.5 {
		t.Errorf("angle 90, power 0.5: shot %+v; want straight ahead at 2.5 m/s", got.action.Shot)
	}
	for _, in := range []string{
		``, `null`, `[]`, `{"v":1}`, `{"v":0,"type":"ping"}`, `{"v":1,"type":"strike","x":0,"angle":90}`,
		`{"v":1,"type":"strike","x":0,"angle":90,"speed":0}`, `{"v":1,"type":"strike","x":0,"angle":90,"power":1.5}`,
		`{"v":1,"type":"strike","x":0,"dir":[0,0],"power":1}`, `{"v":1,"type":"sit"}`, `{"v":1,"type":"sit","seat":0,"nickname":"` + string(make([]byte, 40)) + `"}`,
		`{"v":1,"type":"concede","what":"set"}`, `{"v":1,"type":"place","y":1}`, `{"v":1,"type":"ping"} {}`,
		`{"v":1,"type":"strike","x":0,"dir":[0,1,2],"power":1}`, `{"v":1,"type":"strike","x":0,"dir":[1],"power":1}`,
		`{"v":1,"type":"buy","pocket":1,"white":2}`, `{"v":1,"type":"buy","white":2,"black":1}`, `{"v":1,"type":"buy","pocket":1,"white":2.5,"black":0}`,
	} {
		if _, err := decodeMessage([]byte(in), 5); !errors.Is(err, ErrMessage) {
			t.Errorf("decodeMessage(%q) error %v; want ErrMessage", in, err)
		}
	}
}

// TestDecodeErrorsSpeakJSON: a refused message is described in the
// protocol's words: its fields and JSON's kinds, never Go's types.
func TestDecodeErrorsSpeakJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{``, "empty, want a JSON object"},
		{`{"v":1`, "not JSON: it ends too soon"},
		{`nope`, "not JSON: invalid character"},
		{`[1]`, "an array, want a JSON object"},
		{`{"v":"1","type":"ping"}`, `"v" is a string, want an integer`},
		{`{"v":1e3,"type":"ping"}`, `"v" is 1e3, want an integer`},
		{`{"v":1,"type":"sit","seat":true}`, `"seat" is a bool, want an integer`},
		{`{"v":1,"type":"strike","x":"0"}`, `"x" is a string, want a number`},
		{`{"v":1,"type":"strike","dir":{}}`, `"dir" is an object, want a list`},
		{`{"v":1,"type":"ping","seats":1}`, `unknown field "seats"`},
		{`{"v":1,"type":"ping"}{}`, "more after the JSON object"},
	}
	for _, tc := range tests {
		_, err := decodeMessage([]byte(tc.in), 5)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "clientMsg") || strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "json:") {
			t.Errorf("decodeMessage(%q) error %v; want it to say %q in JSON's words", tc.in, err, tc.want)
		}
	}
}

// FuzzDecodeMessage: any bytes decode to a message or an ErrMessage, never
// a panic, and an accepted shot is finite and within the speed limit.
func FuzzDecodeMessage(f *testing.F) {
	for _, s := range []string{`{"v":1,"type":"strike","x":0.01,"angle":90,"speed":4}`, `{"v":1,"type":"place","x":0.05,"y":0}`, `{"v":1,"type":"sit","seat":1,"nickname":"Ann"}`, `{"v":1,"type":"concede","what":"board"}`, `{"v":1,"type":"buy","pocket":2,"white":2,"black":1,"queen":false}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := decodeMessage(data, 5)
		if err != nil {
			if !errors.Is(err, ErrMessage) {
				t.Fatalf("error %v does not wrap ErrMessage", err)
			}
			return
		}
		if sh := in.action.Shot; in.kind == "act" && in.action.Kind == game.Strike && (!finite(sh.X, sh.Dir.X, sh.Dir.Y, sh.Speed) || sh.Speed <= 0 || sh.Speed > 5) {
			t.Fatalf("accepted shot %+v", sh)
		}
	})
}
