package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// headerLayout measures the page's header: its height, the tops and
// bottoms of its lines of text (a wrapped word makes a second), the mute
// button's box, and the words a reader or a copy gets from it.
const headerLayout = `(() => {
  const header = document.querySelector("header");
  const tops = [], lines = [];
  const walk = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    for (const b of r.getClientRects()) { tops.push(b.top); lines.push(b.bottom - b.top); }
  }
  const mute = document.getElementById("mute").getBoundingClientRect();
  return {
    height: header.getBoundingClientRect().height,
    spread: Math.max(...tops) - Math.min(...tops), line: Math.min(...lines),
    mute: [mute.left, mute.top, mute.right, mute.bottom], width: document.documentElement.scrollWidth,
    inner: header.innerText, text: header.textContent,
  };
})()`

type headerBox struct {
	Height, Spread, Line float64
	Mute                 [4]float64
	Width                float64
	Inner, Text          string
}

// TestPhoneHeader: on a 390 px phone with touch, signed in and at a
// rated table whose banner names both players, nothing in the header
// wraps (it was seven lines for the banner), the sound button is on the
// screen, and the header's words are apart ("carromRatings" before).
func TestPhoneHeader(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	_, id := e.ratedTable(context.Background(), "mallory")
	vic := e.tab()
	e.run(vic, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
	e.signUp(vic, "vicbhattacharya", "vic's password")
	e.run(vic, chromedp.Navigate(e.base+"/t/"+id+"?seat=1"))
	e.waitFor(vic, "the seat offered", `!!document.getElementById("take-seat-1")`, 20*time.Second)
	e.run(vic, chromedp.Click("#take-seat-1", chromedp.ByID))
	e.waitFor(vic, "the rated banner", `document.getElementById("rated")?.textContent === "Rated: mallory 1500 v vicbhattacharya 1500, expected 0.50–0.50"`, 20*time.Second)

	var h headerBox
	e.run(vic, chromedp.Evaluate(headerLayout, &h))
	t.Logf("header at 390 px: %+v", h)
	if h.Spread > h.Line/2 {
		t.Errorf("the header's text is on lines %.0f px apart (a line is %.0f px); want one line", h.Spread, h.Line)
	}
	if h.Height > 60 {
		t.Errorf("the header is %.0f px high; want one line (at most 60 px with the 44 px sound button)", h.Height)
	}
	if h.Mute[0] < 0 || h.Mute[1] < 0 || h.Mute[2] > 390 || h.Mute[3] > 844 || h.Mute[2]-h.Mute[0] < 24 {
		t.Errorf("the sound button is at %v (left, top, right, bottom) on a 390×844 screen; want it whole on the screen", h.Mute)
	}
	if h.Width > 390 {
		t.Errorf("the page is %.0f px wide on a 390 px screen; want no sideways scrolling", h.Width)
	}
	for _, text := range []string{h.Inner, h.Text} {
		words := strings.Fields(text)
		for _, w := range []string{"carrom", "Ratings", "Challenges", "vicbhattacharya"} {
			found := false
			for _, got := range words {
				found = found || got == w
			}
			if !found {
				t.Errorf("the header reads %q; want %q a word of its own", text, w)
			}
		}
	}
}
