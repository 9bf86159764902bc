package loadtest

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
)

// turnOf is what encoding/json reads of the fields decodeTurn reads, the
// rest skipped: the reference decodeTurn must agree with.
func turnOf(t interface{ Fatalf(string, ...any) }, data []byte) servertest.Message {
	var m struct {
		Type  string `json:"type"`
		Seq   int64  `json:"seq"`
		State *struct {
			Started bool           `json:"started"`
			Over    bool           `json:"over"`
			ToAct   protocol.ToAct `json:"to_act"`
		} `json:"state"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	out := servertest.Message{Type: m.Type}
	if m.Type == "event" || m.Type == "state" {
		out.Seq = m.Seq
		out.State = &protocol.GameState{Started: m.State.Started, Over: m.State.Over, ToAct: m.State.ToAct}
	}
	return out
}

// TestDecodeTurnEvent: an event the server sent reads as encoding/json
// reads it.
func TestDecodeTurnEvent(t *testing.T) {
	data, err := os.ReadFile("../protocol/testdata/event.json")
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeTurn(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := turnOf(t, data); !reflect.DeepEqual(got, want) || got.Seq == 0 || got.State.ToAct.Need == "" {
		t.Errorf("decodeTurn = %+v %+v; want %+v %+v", got, got.State, want, want.State)
	}
}

// TestDecodeTurnAgrees: whatever else a message holds, before or after
// the fields a player reads, decodeTurn reads the type, the seq and the
// turn as encoding/json does.
func TestDecodeTurnAgrees(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		filler := func(label string) any {
			return rapid.SliceOf(rapid.OneOf(
				rapid.Float64().AsAny(),
				rapid.String().AsAny(),
				rapid.Just[any](map[string]any{"kind": "pocket", "events": []any{1.5, "}", "{\"to_act\":1}"}}),
			)).Draw(rt, label)
		}
		toAct := map[string]any{
			"seat":     rapid.IntRange(0, 3).Draw(rt, "seat"),
			"need":     rapid.SampledFrom([]string{"strike", "place", "toss", "nothing"}).Draw(rt, "need"),
			"colour":   rapid.SampledFrom([]string{"", "white", "black"}).Draw(rt, "colour"),
			"position": rapid.IntRange(0, 3).Draw(rt, "position"),
			"deadline": rapid.Int64().Draw(rt, "deadline"),
		}
		if rapid.Bool().Draw(rt, "ranges") {
			toAct["striker_ranges"] = [][2]float64{{rapid.Float64().Draw(rt, "lo"), rapid.Float64().Draw(rt, "hi")}}
		}
		if rapid.Bool().Draw(rt, "hint") {
			toAct["place_hint"] = [2]float64{rapid.Float64().Draw(rt, "hx"), rapid.Float64().Draw(rt, "hy")}
		}
		msg := map[string]any{
			"v":       1,
			"type":    rapid.SampledFrom([]string{"event", "state", "welcome", "error", "pong"}).Draw(rt, "type"),
			"seq":     rapid.Int64Min(0).Draw(rt, "seq"),
			"action":  filler("action"),
			"outcome": map[string]any{"trajectory": filler("trajectory")},
			"state": map[string]any{
				"table":   rapid.String().Draw(rt, "table"),
				"pieces":  filler("pieces"),
				"started": rapid.Bool().Draw(rt, "started"),
				"over":    rapid.Bool().Draw(rt, "over"),
				"to_act":  toAct,
				"zmatch":  filler("match"),
			},
		}
		data, err := json.Marshal(msg)
		if err != nil {
			rt.Fatalf("marshal: %v", err)
		}
		got, err := decodeTurn(data)
		if err != nil {
			rt.Fatalf("decodeTurn(%s): %v", data, err)
		}
		if want := turnOf(rt, data); !reflect.DeepEqual(got, want) {
			rt.Fatalf("decodeTurn(%s) = %+v %+v; want %+v %+v", data, got, got.State, want, want.State)
		}
	})
}

// FuzzDecodeTurn: no message makes decodeTurn panic, and an event or a
// state it reads without error has a state.
func FuzzDecodeTurn(f *testing.F) {
	data, err := os.ReadFile("../protocol/testdata/event.json")
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{string(data), `{"type":"state","seq":3,"state":{"to_act":{}}}`, `{"type":"event"}`, `{"type":"pong"}`, `{"type":1}`, `[`, ``} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeTurn(data)
		if err == nil && (m.Type == "event" || m.Type == "state") && m.State == nil {
			t.Errorf("decodeTurn(%q) = %+v without a state", data, m)
		}
	})
}
