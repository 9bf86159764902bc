package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/protocol"
)

// TestLiveAim: the aim of the player to strike reaches the other players
// and spectators as he sends it, not himself; an aim from anyone else is
// dropped, and a malformed one is an error.
func TestLiveAim(t *testing.T) {
	e := newEnv(t, t.TempDir())
	id, _, _, a, b := twoPlayers(t, e, 0)
	eve := e.player().connect(id, 0)
	eve.next("welcome")
	a.untilMine(0)
	x, dir, power := 0.01, [2]float64{0.6, 0.8}, 0.42
	// Bob is not to strike: his aim goes nowhere.
	b.send(protocol.AimAt(x, dir, power))
	x2 := 0.02
	a.send(protocol.AimAt(x2, dir, power))
	for _, c := range []*conn{b, eve} {
		m := c.next("aim")
		var got struct {
			Seat  int
			X     float64
			Dir   [2]float64
			Power float64
		}
		if err := json.Unmarshal(m.Raw, &got); err != nil {
			t.Fatal(err)
		}
		if got.Seat != 0 || got.X != x2 || got.Dir != dir || got.Power != power {
			t.Errorf("the aim relayed is %+v; want Ann's (seat 0, x %v, dir %v, power %v)", got, x2, dir, power)
		}
	}
	// Ann hears no echo of her own aim: her next message is the pong.
	a.send(protocol.Ping())
	if m := a.next("aim", "pong"); m.Type != "pong" {
		t.Errorf("Ann got %s before her pong; want no echo of her aim", m.Raw)
	}
	a.send(protocol.ClientMsg{Type: "aim", X: &x})
	if m := a.next("error"); !strings.Contains(m.Error, `"aim" needs`) {
		t.Errorf("a malformed aim: %q", m.Error)
	}
}
