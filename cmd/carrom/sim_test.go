package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/physics"
)

// TestSimGolden drives carrom sim end to end on the inputs in
// testdata/sim: one output line per input line, exit 0 at the end.
func TestSimGolden(t *testing.T) { runGolden(t, "sim", "testdata/sim") }

// TestSimErrorsThenServe: a rejected line gets an error and the next line
// is still served.
func TestSimErrorsThenServe(t *testing.T) {
	input := "{\n" + `{"pieces": [], "shot": {"x": 0, "angle": 90, "speed": 1}}` + "\n"
	var out, errOut bytes.Buffer
	if code := run([]string{"sim"}, strings.NewReader(input), &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"error":`) || !strings.Contains(lines[1], `"striker":`) {
		t.Errorf("a bad line then a good one: replies %q; want an error then a stroke", lines)
	}
}

// TestSimParams: -params prints every figure the contract names.
func TestSimParams(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"sim", "-params"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("-params printed %q: %v", out.String(), err)
	}
	p := physics.Default()
	want := map[string]float64{
		"g": p.G, "mu.coin": p.MuCoin, "mu.striker": p.MuStriker,
		"restitution.coin_coin": p.ECoinCoin, "restitution.striker_coin": p.EStrikerCoin, "restitution.cushion": p.ECushion,
		"mass.coin": p.Spec.CoinMass, "mass.striker": p.Spec.StrikerMass,
		"radius.coin": p.Spec.CoinRadius(), "radius.striker": p.Spec.StrikerRadius(), "radius.pocket": p.Spec.PocketRadius(),
		"max_speed": p.MaxSpeed,
	}
	for path, w := range want {
		var v any = got
		for _, k := range strings.Split(path, ".") {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		if f, ok := v.(float64); !ok || f != w {
			t.Errorf("-params %s = %v; want %v", path, v, w)
		}
	}
	if c, _ := got["capture"].(string); !strings.Contains(c, "centre") {
		t.Errorf("-params capture = %q; want the rule in words", c)
	}
}

func TestSimFlags(t *testing.T) {
	for _, args := range [][]string{{"-bogus"}, {"extra"}} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"sim"}, args...), strings.NewReader(""), &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("carrom sim %v: exit %d, stderr %q; want 2 and a message", args, code, errOut.String())
		}
	}
}
