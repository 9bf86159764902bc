package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTypingPlaysNothing: typing in Practice's position box is typing:
// Space, A, D and M neither aim, shoot, turn nor mute (issue 27).
func TestTypingPlaysNothing(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/practice"), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(ctx, "the practice board", `!!document.getElementById("board").dataset.position && !!document.getElementById("board").dataset.striker`, 10*time.Second)
	var muted string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("mute").getAttribute("aria-pressed")`, &muted))
	const typed = " ad m  ad "
	e.run(ctx, chromedp.Evaluate(`document.querySelector("details.position").open = true; document.getElementById("position").value = ""`, nil),
		chromedp.SendKeys("#position", typed, chromedp.ByID))
	var got, after string
	e.run(ctx, chromedp.Value("#position", &got, chromedp.ByID))
	if got != typed {
		t.Errorf("the position box holds %q; want what was typed, %q", got, typed)
	}
	// A stroke would be sent at once; a moment is enough to see none.
	time.Sleep(700 * time.Millisecond)
	e.run(ctx, chromedp.Evaluate(`document.getElementById("mute").getAttribute("aria-pressed")`, &after))
	if after != muted {
		t.Errorf("typing M in the position box turned the sound from pressed=%s to %s", muted, after)
	}
	var strokes, power string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("board").dataset.strokes ?? "0"`, &strokes),
		chromedp.Evaluate(`document.getElementById("power").textContent`, &power))
	if strokes != "0" || power != "" {
		t.Errorf("after typing in the position box: %s strokes played, the power shows %q; want none and no aim", strokes, power)
	}
}
