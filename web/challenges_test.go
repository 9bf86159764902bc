package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// TestChallengeUnknownName (issue 27, item 11): at 1280×800, a challenge
// to a name no account has is refused once, in the form's one error
// style, though both the expected score and the challenge asked for it.
func TestChallengeUnknownName(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ann := e.tab()
	e.run(ann, chromedp.EmulateViewport(1280, 800))
	e.signUp(ann, "ann", "ann's password")
	e.run(ann, chromedp.Navigate(e.base+"/challenges?to=nobody"), chromedp.WaitVisible("#challenge", chromedp.ByID),
		chromedp.Click(`#challenge button[type="submit"]`, chromedp.ByQuery))
	// The list is read once on arrival and again after a challenge sent:
	// the second entry is the refused challenge's answer.
	// The refusal is the catalogue's sentence for its code (no_player).
	refused := msg(t, "en", "error.noPlayer", nil)
	e.waitFor(ann, "the challenge refused", `performance.getEntriesByName(location.origin + "/api/challenges").length >= 2 &&
		document.querySelector("#challenge .error").textContent === `+jsString(refused), 10*time.Second)
	var shown []string
	e.run(ann, chromedp.Evaluate(`[...document.querySelectorAll("#challenge *")]
		.filter((el) => el.checkVisibility() && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent.includes("nobody") || n.textContent.includes(`+jsString(refused)+`))))
		.map((el) => el.className + ": " + el.textContent)`, &shown))
	if len(shown) != 1 || shown[0] != "error: "+refused {
		t.Errorf("the unknown name is said %d times: %q; want once, in the error's style", len(shown), shown)
	}
}

// TestChallengeSuggestsNames (issue 27, item 11): typing "an" in the
// challenge's name field offers "ann", who has an account, under it.
func TestChallengeSuggestsNames(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ann, bob := e.tab(), e.tab()
	e.signUp(ann, "ann", "ann's password")
	e.run(bob, chromedp.EmulateViewport(1280, 800))
	e.signUp(bob, "bob", "bob's password")
	e.run(bob, chromedp.Navigate(e.base+"/challenges"), chromedp.WaitVisible("#challenge-to", chromedp.ByID),
		chromedp.SendKeys("#challenge-to", "an", chromedp.ByID))
	e.waitFor(bob, "ann suggested", `document.getElementById("challenge-to").list?.querySelector('option[value="ann"]') != null`, 10*time.Second)
}
