package web_test

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/chromedp/chromedp"
)

// TestSaidPhrases: the page's phrases are the server's, so that no
// button says a phrase the server refuses.
func TestSaidPhrases(t *testing.T) {
	src, err := os.ReadFile("src/protocol.ts")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const PHRASES = (\[.*?\]) as const;`).FindSubmatch(src)
	if m == nil {
		t.Fatal("protocol.ts declares no PHRASES")
	}
	var got []string
	if err := json.Unmarshal(m[1], &got); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, protocol.Phrases) {
		t.Errorf("protocol.ts PHRASES are %v; protocol.Phrases %v", got, protocol.Phrases)
	}
}

// TestSaidWords (issue 27): Ann clicks "Good shot" and Bob's page shows it
// beside her name; a spectator sees only the phrase she said once she let
// the spectators see her words.
func TestSaidWords(t *testing.T) {
	e := newEnv(t)
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}],"seed":3}`)
	ann, bob, eve := e.tab(), e.tab(), e.tab()
	for seat, p := range []context.Context{ann, bob} {
		s := strconv.Itoa(seat)
		e.run(p, chromedp.Navigate(e.base+"/t/"+id+"?seat="+s))
		e.waitFor(p, "the seat offered", `!!document.getElementById("take-seat-`+s+`")`, 10*time.Second)
		e.run(p, chromedp.Click("#take-seat-"+s, chromedp.ByID))
		e.waitFor(p, "the phrases", `!!document.querySelector('#words [data-phrase="good-shot"]')`, 10*time.Second)
	}
	e.run(eve, chromedp.Navigate(e.base+"/t/"+id))
	e.waitFor(eve, "the board", `!!document.getElementById("board").dataset.seq`, 10*time.Second)
	// Every phrase the spectator is ever shown, in order.
	e.run(eve, chromedp.Evaluate(`window.__said = []; new MutationObserver(() => {
		for (const s of document.querySelectorAll(".seats .said")) if (window.__said.at(-1) !== s.textContent) window.__said.push(s.textContent);
	}).observe(document.body, { subtree: true, childList: true, characterData: true }); true`, nil))
	var phrases int
	e.run(eve, chromedp.Evaluate(`document.querySelectorAll("#words button").length`, &phrases))
	if phrases != 0 {
		t.Errorf("the spectator's page shows %d phrase buttons; want none", phrases)
	}

	e.run(ann, chromedp.Click(`#words [data-phrase="good-shot"]`, chromedp.ByQuery))
	e.waitFor(bob, "Good shot beside Ann's seat", `document.querySelector('.seats [data-seat="0"] .said')?.textContent.includes("Good shot")`, 10*time.Second)
	e.shot(bob, "words", "screenshot-words.png")

	e.run(ann, chromedp.Click("#words-spectators", chromedp.ByID), chromedp.Click(`#words [data-phrase="thanks"]`, chromedp.ByQuery))
	e.waitFor(eve, "Thanks beside Ann's seat", `document.querySelector('.seats [data-seat="0"] .said')?.textContent.includes("Thanks")`, 10*time.Second)
	var seen []string
	e.run(eve, chromedp.Evaluate(`window.__said`, &seen))
	if len(seen) != 1 {
		t.Errorf("the spectator was shown %q; want only Thanks, said once the spectators were let in", seen)
	}
}
