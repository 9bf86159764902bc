package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReplayListFollowsStep: at 1280×800, a step of a long replay keeps
// the move it shows within the move list's visible box, forward from the
// start and back from the end.
func TestReplayListFollowsStep(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"computer","level":"beginner"},{"kind":"computer","level":"beginner"}],"seed":5}`)
	e.watch(id)
	for end := time.Now().Add(120 * time.Second); serverSeq(t, e.base, id) < 60; time.Sleep(500 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the computers did not play 60 strokes in 120 s")
		}
	}
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/replay/"+id))
	e.waitFor(ctx, "the replay", `document.getElementById("status")?.textContent.startsWith("Stroke 0 of")`, 10*time.Second)
	inView := func(when string) {
		t.Helper()
		var long bool
		e.run(ctx, chromedp.Evaluate(`(() => { const ol = document.getElementById("moves"); return ol.scrollHeight > ol.clientHeight + 40; })()`, &long))
		if !long {
			t.Fatalf("%s: the move list does not scroll; the test needs a longer replay", when)
		}
		e.waitFor(ctx, when+": the current move within the move list's visible box", `(() => { const ol = document.getElementById("moves"), li = ol.querySelector("li.current");
			const a = ol.getBoundingClientRect(), b = li?.getBoundingClientRect();
			return !!b && b.top >= a.top - 1 && b.bottom <= a.bottom + 1; })()`, 3*time.Second)
	}
	e.run(ctx, chromedp.Click(`button[title="next stroke"]`, chromedp.ByQuery))
	e.waitFor(ctx, "the first stroke", `document.getElementById("status").textContent.startsWith("Stroke 1 of")`, 20*time.Second)
	inView("a step from the start")
	e.run(ctx, chromedp.Click(`button[title="end"]`, chromedp.ByQuery))
	var n int
	e.run(ctx, chromedp.Evaluate(`document.querySelectorAll("#moves li").length`, &n))
	for range n - 20 {
		e.run(ctx, chromedp.Click(`button[title="previous stroke"]`, chromedp.ByQuery))
	}
	e.waitFor(ctx, "the steps back", `document.getElementById("status").textContent.startsWith("Stroke 20 of")`, 10*time.Second)
	inView("steps back from the end")
}
