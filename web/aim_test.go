package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// powerShown is the percentage the page's power readout shows, or -1.
func (e *env) powerShown(ctx context.Context) int {
	var s string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("power").textContent`, &s))
	n := -1
	fmt.Sscanf(s, "Power %d %%", &n)
	return n
}

// TestAimFromAnywhere: a pull that starts anywhere on the board, far from
// the striker, aims and shoots, with the power as a percentage; the stroke
// the server plays goes the way of the pull. On a phone a pixel of pull is
// at most one percent of power.
func TestAimFromAnywhere(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	url := e.playBeginner(ctx)
	id := strings.TrimSuffix(url[strings.Index(url, "/t/")+3:], "?seat=0")
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	var rect []float64
	e.run(ctx, chromedp.Evaluate(`(() => { const b = document.getElementById("board").getBoundingClientRect(); return [b.left, b.top, b.width]; })()`, &rect))
	// The centre of the board, a long way from the striker and the base line.
	cx, cy := rect[0]+rect[2]/2, rect[1]+rect[2]/2
	sx, sy, _ := e.striker(ctx)
	if d := math.Hypot(sx-cx, sy-cy); d < 100 {
		t.Fatalf("the striker is %.0f px from the board's centre; want it far", d)
	}
	const dx, dy = 30.0, 100.0
	e.run(ctx, pull(cx, cy, dx, dy))
	e.waitFor(ctx, "the power", `document.getElementById("power").textContent.startsWith("Power")`, 5*time.Second)
	p := e.powerShown(ctx)
	if p <= 0 || p > 100 {
		t.Errorf("the power readout shows %d %% while aiming; want a percentage", p)
	}
	before := e.seq(ctx)
	e.run(ctx, release(cx+dx, cy+dy))
	e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
	got, ok := e.strokeAngle(id, before+1)
	if !ok {
		t.Fatalf("action %d is not a stroke; want the stroke aimed from the board's centre", before+1)
	}
	// Pulled down and right on the screen: the stroke goes ahead and left
	// in the shooter's frame (x to his right, y ahead).
	want := math.Atan2(dy, -dx) * 180 / math.Pi
	t.Logf("pulled (%v, %v) px from the centre: power %d %%, the stroke went at %.2f°, the pull's way %.2f°", dx, dy, p, got, want)
	if math.Abs(got-want) > 1 {
		t.Errorf("the stroke went at %.2f°; want the pull's way, %.2f°", got, want)
	}

	// On a phone: the power a pixel of pull gives.
	phone := e.tab()
	e.run(phone, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	e.playBeginner(phone)
	e.waitFor(phone, "my stroke", myStroke, 60*time.Second)
	e.run(phone, chromedp.Evaluate(`(() => { const b = document.getElementById("board").getBoundingClientRect(); return [b.left, b.top, b.width]; })()`, &rect))
	cx, cy = rect[0]+rect[2]/2, rect[1]+rect[2]/2
	power := func(back float64) int {
		e.run(phone, pull(cx, cy, 0, back))
		e.waitFor(phone, "the power", `document.getElementById("power").textContent.startsWith("Power")`, 5*time.Second)
		n := e.powerShown(phone)
		// Back onto the press: no stroke.
		e.run(phone, chromedp.MouseEvent("mouseMoved", cx, cy, chromedp.ButtonLeft), release(cx, cy))
		return n
	}
	p40, p70 := power(40), power(70)
	t.Logf("on a %.0f px board: pull 40 px, power %d %%; 70 px, %d %%", rect[2], p40, p70)
	if p40 <= 0 || p70 <= p40 || p70 >= 100 || float64(p70-p40)/30 > 1 {
		t.Errorf("on a phone, pulls of 40 and 70 px give %d %% and %d %%; want more power for more pull, short of full, at most 1 %% a pixel", p40, p70)
	}
	if e.cancels(phone) != 2 {
		t.Errorf("%d pulls given up on the phone; want the 2 brought back onto their press", e.cancels(phone))
	}
}

// TestLockAndFineTune: with the lock on, letting go of a pull keeps the
// aim; the nudge buttons turn it by half degrees and change its power by a
// percent, and Shoot plays exactly that stroke. On a phone every control
// of this step is on screen.
func TestLockAndFineTune(t *testing.T) {
	e := newEnv(t)
	for _, phone := range []bool{false, true} {
		ctx := e.tab()
		if phone {
			e.run(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		}
		url := e.playBeginner(ctx)
		id := strings.TrimSuffix(url[strings.Index(url, "/t/")+3:], "?seat=0")
		e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
		e.run(ctx, chromedp.Click("#lock", chromedp.ByID))
		e.waitFor(ctx, "the lock on", `document.getElementById("lock").getAttribute("aria-pressed") === "true"`, 5*time.Second)
		var rect []float64
		e.run(ctx, chromedp.Evaluate(`(() => { const b = document.getElementById("board").getBoundingClientRect(); return [b.left, b.top, b.width]; })()`, &rect))
		cx, cy := rect[0]+rect[2]/2, rect[1]+rect[2]/2
		before := e.seq(ctx)
		// Straight down on the screen: straight ahead, 90°.
		e.run(ctx, pull(cx, cy, 0, 60), release(cx, cy+60))
		e.waitFor(ctx, "the nudge buttons", `!!document.getElementById("turn-left") && !!document.getElementById("shoot")`, 5*time.Second)
		if got := e.seq(ctx); got != before {
			t.Fatalf("letting go with the lock on played action %d", got)
		}
		var off []string
		e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll(".step button, #power")].filter((el) => { const r = el.getBoundingClientRect(); return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; }).map((el) => el.id || el.textContent)`, &off))
		if len(off) > 0 {
			t.Errorf("phone %v: outside the viewport: %v", phone, off)
		}
		p0 := e.powerShown(ctx)
		e.run(ctx, chromedp.Click("#turn-left", chromedp.ByID), chromedp.Click("#turn-left", chromedp.ByID), chromedp.Click("#turn-left", chromedp.ByID),
			chromedp.Click("#power-up", chromedp.ByID), chromedp.Click("#power-up", chromedp.ByID))
		e.waitFor(ctx, "the power nudged", fmt.Sprintf(`document.getElementById("power").textContent === "Power %d %%"`, p0+2), 5*time.Second)
		e.run(ctx, chromedp.Click("#shoot", chromedp.ByID))
		e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
		got, ok := e.strokeAngle(id, before+1)
		if !ok {
			t.Fatalf("action %d is not a stroke; want the stroke fine-tuned", before+1)
		}
		t.Logf("phone %v: locked at 90°, power %d %%; turned 1.5° left and 2 %% up: the stroke went at %.4f°", phone, p0, got)
		if math.Abs(got-91.5) > 1e-6 {
			t.Errorf("phone %v: the stroke went at %.4f°; want 91.5°", phone, got)
		}
	}
}

// strokeAngle is the direction, in degrees in the shooter's frame, of the
// stroke the server stored as action seq of table id; ok is false when that
// action is not a stroke.
func (e *env) strokeAngle(id string, seq int) (deg float64, ok bool) {
	e.t.Helper()
	var stored struct {
		Actions []struct {
			Seq    int
			Action json.RawMessage
		}
	}
	getJSON(e.t, e.base+"/api/matches/"+id, &stored)
	for _, a := range stored.Actions {
		if a.Seq != seq {
			continue
		}
		var shot struct {
			Kind string
			Shot *struct{ Dir [2]float64 }
		}
		if err := json.Unmarshal(a.Action, &shot); err != nil {
			e.t.Fatal(err)
		}
		if shot.Kind != "strike" || shot.Shot == nil {
			return 0, false
		}
		return math.Atan2(shot.Shot.Dir[1], shot.Shot.Dir[0]) * 180 / math.Pi, true
	}
	return 0, false
}
