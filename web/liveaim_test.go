package web_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// TestLiveAim: the player's aim, mid-pull, shows on a spectator's board
// with its power; and, paced as carrom serve does, the computer's aim is
// shown being taken before its stroke, on the player's page and the
// spectator's.
func TestLiveAim(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Pace = 1200 * time.Millisecond })
	ann := e.tab()
	url := e.playBeginner(ann)
	id := strings.TrimSuffix(url[strings.Index(url, "/t/")+3:], "?seat=0")
	eve := e.tab()
	e.run(eve, chromedp.Navigate(e.base+"/t/"+id))
	e.waitFor(ann, "my stroke", myStroke, 60*time.Second)
	e.waitFor(eve, "the spectator's board", `!!document.getElementById("board").dataset.seq`, 10*time.Second)

	x, y, _ := e.striker(ann)
	e.run(ann, pull(x, y, 10, 90))
	e.waitFor(ann, "the power", `document.getElementById("power").textContent.startsWith("Power")`, 5*time.Second)
	shown := e.powerShown(ann)
	e.waitFor(eve, "Ann's aim on the spectator's board", fmt.Sprintf(`Math.abs(+(document.getElementById("board").dataset.remoteAim ?? -1) * 100 - %d) <= 1`, shown), 5*time.Second)
	var status string
	e.run(eve, chromedp.Evaluate(`document.getElementById("status").textContent`, &status))
	if !strings.Contains(status, "aiming") {
		t.Errorf("the spectator's status while Ann aims: %q; want it to say she is aiming", status)
	}
	before := e.seq(ann)
	e.run(ann, release(x+10, y+90))
	e.waitFor(ann, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)

	// The computer's turn (unless Ann kept it): its aim before its stroke.
	rng := rand.New(rand.NewPCG(5, 6))
	for end := time.Now().Add(60 * time.Second); ; {
		var computer bool
		e.run(ann, chromedp.Evaluate(`document.getElementById("status").textContent.startsWith("Computer's turn") && !document.getElementById("summary")`, &computer))
		if computer {
			break
		}
		if _, _, ok := e.striker(ann); ok {
			e.playMine(ann, rng, false)
		} else if !e.playMine(ann, rng, true) {
			time.Sleep(100 * time.Millisecond)
		}
		if time.Now().After(end) {
			t.Fatal("the computer never came to play")
		}
	}
	at := e.seq(ann)
	e.waitFor(ann, "the computer's aim on Ann's board", fmt.Sprintf(`!!document.getElementById("board").dataset.remoteAim && +document.getElementById("board").dataset.seq === %d && document.getElementById("status").textContent.includes("taking aim")`, at), 20*time.Second)
	e.waitFor(eve, "the computer's aim on the spectator's board", `!!document.getElementById("board").dataset.remoteAim`, 20*time.Second)
	var power float64
	e.run(ann, chromedp.Evaluate(`+document.getElementById("board").dataset.remoteAim`, &power))
	if !(power > 0 && power <= 1) || math.IsNaN(power) {
		t.Errorf("the computer's aim has power %v; want (0, 1]", power)
	}
	e.waitFor(ann, "the computer's stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, at), 30*time.Second)
}
