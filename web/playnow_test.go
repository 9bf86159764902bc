package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// atTable waits for the page to have gone to a table.
func (e *env) atTable(ctx context.Context) {
	e.t.Helper()
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		var loc string
		chromedp.Run(ctx, chromedp.Location(&loc))
		if strings.Contains(loc, "/t/") {
			return
		}
		if time.Now().After(end) {
			e.t.Fatalf("the page is at %s; want a table", loc)
		}
	}
}

// TestPlayNowForNewcomers: Play now seats the newcomer against the lowest
// level (issue 27: it was the club level, the third of four), and shows
// the first stroke (slide, pull back, let go) with the keys, once per
// browser; Skip ends it; it can be asked for again.
func TestPlayNowForNewcomers(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-now", chromedp.ByID))
	if help := e.text(ctx, "p.quick"); !strings.Contains(help, "(beginner)") {
		t.Errorf("the lobby says %q beside Play now; want the beginner named", help)
	}
	e.run(ctx, chromedp.Click("#play-now", chromedp.ByID))
	e.atTable(ctx)
	e.waitFor(ctx, "the table", `!!document.getElementById("board") && !!document.querySelector('.seats [data-seat="1"]')`, 10*time.Second)
	if opp := e.text(ctx, `.seats [data-seat="1"]`); !strings.Contains(opp, "Computer (beginner)") {
		t.Errorf("after Play now seat 2 is %q; want the computer at the lowest level, beginner", opp)
	}
	e.waitFor(ctx, "the first-stroke guide", `!!document.getElementById("first-stroke")`, 60*time.Second)
	step := e.text(ctx, "#first-stroke-step")
	keys := e.text(ctx, "#first-stroke")
	if !strings.HasPrefix(step, "1 of 3. Slide") || !strings.Contains(keys, "Space shoot") {
		t.Errorf("the guide opens with %q and says %q; want the slide first and the keys", step, keys)
	}
	e.shot(ctx, "first-stroke")
	// Keys while it shows are not the board's: D does not aim.
	e.run(ctx, chromedp.KeyEvent("d"))
	if p := e.text(ctx, "#power"); p != "" {
		t.Errorf("D with the guide open aimed: %q", p)
	}
	e.waitFor(ctx, "the guide's second step", `document.getElementById("first-stroke").dataset.step === "2" && document.getElementById("first-stroke-step").textContent.includes("Pull back")`, 15*time.Second)
	e.run(ctx, chromedp.Click("#first-stroke-close", chromedp.ByID))
	e.waitFor(ctx, "the guide skipped", `!document.getElementById("first-stroke")`, 5*time.Second)

	// Once per browser: another Play now does not show it again.
	e.run(ctx, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-now", chromedp.ByID), chromedp.Click("#play-now", chromedp.ByID))
	e.atTable(ctx)
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	time.Sleep(500 * time.Millisecond)
	var shown bool
	e.run(ctx, chromedp.Evaluate(`!!document.getElementById("first-stroke")`, &shown))
	if shown {
		t.Error("the guide came again at the second Play now; want it once per browser")
	}
	// Asked for, it comes again.
	e.run(ctx, chromedp.Evaluate(`document.querySelector("details.howto").open = true`, nil), chromedp.Click("#show-first-stroke", chromedp.ByID))
	e.waitFor(ctx, "the guide asked for", `!!document.getElementById("first-stroke")`, 5*time.Second)
}
