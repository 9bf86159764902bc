package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// TestFriendsPage (issue 27, friends): ann follows bob from her Friends
// page (bob's account made where no page of his is open); bob signs in on
// a page of his and ann is told at once (a toast) and sees him online;
// bob plays the computer and ann's list says "playing", its Watch taking
// her to bob's table. At a phone's width the challenges page links to
// the Friends page, which the header leaves out.
func TestFriendsPage(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ctx := context.Background()
	c, err := servertest.NewClient(ctx, e.base)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(ctx, "POST", "/api/account/signup", `{"name":"bob","password":"bob's password"}`)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("bob's sign-up: %v %v", resp, err)
	}
	resp.Body.Close()

	ann, bob := e.tab(), e.tab()
	e.signUp(ann, "ann", "ann's password")
	e.run(ann, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#nav-friends", chromedp.ByID),
		chromedp.Click("#nav-friends", chromedp.ByID), chromedp.WaitVisible("#friend-name", chromedp.ByID),
		chromedp.SendKeys("#friend-name", "bob", chromedp.ByID), chromedp.Click(`#follow button[type="submit"]`, chromedp.ByQuery))
	state := func(want string) string {
		return fmt.Sprintf(`document.querySelector('#friend-list tr[data-friend="bob"]')?.dataset.state === %q`, want)
	}
	e.waitFor(ann, "bob followed, offline", state("offline"), 10*time.Second)
	var challenge string
	e.run(ann, chromedp.AttributeValue(`#friend-list a[data-challenge="bob"]`, "href", &challenge, nil, chromedp.ByQuery))
	if challenge != "/challenges?to=bob" {
		t.Errorf("bob's Challenge goes to %q; want the challenge form with his name", challenge)
	}

	e.run(bob, chromedp.Navigate(e.base+"/account"), chromedp.WaitVisible("#signin", chromedp.ByID),
		chromedp.SendKeys(`#signin input[name="name"]`, "bob", chromedp.ByQuery),
		chromedp.SendKeys(`#signin input[name="password"]`, "bob's password", chromedp.ByQuery),
		chromedp.Click(`#signin button[type="submit"]`, chromedp.ByQuery))
	e.settle(bob, "bob signed in", `document.getElementById("nav-me")?.textContent === "bob"`, 30*time.Second)
	e.waitFor(ann, "the toast that bob is online", `[...document.querySelectorAll("#toasts .toast")].some((t) => t.textContent.includes("bob is online."))`, 10*time.Second)
	e.waitFor(ann, "bob online", state("online"), 10*time.Second)

	e.run(bob, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-now", chromedp.ByID), chromedp.Click("#play-now", chromedp.ByID))
	e.settle(bob, "bob at his table", `location.pathname.startsWith("/t/") && !!document.getElementById("board")`, 30*time.Second)
	var at string
	e.run(bob, chromedp.Evaluate(`location.pathname`, &at))
	e.waitFor(ann, "bob playing", state("playing"), 20*time.Second)
	e.shot(ann, "friends", "screenshot-friends.png")
	e.run(ann, chromedp.Click(`#friend-list a[data-watch="bob"]`, chromedp.ByQuery))
	e.settle(ann, "ann watching bob's table", fmt.Sprintf(`location.pathname === %q && !!document.getElementById("board")`, at), 20*time.Second)
	if !strings.HasPrefix(at, "/t/") {
		t.Errorf("bob is at %q; want a table", at)
	}

	// At a phone's width the header has no room for Friends: the
	// challenges page leads there.
	e.run(ann, chromedp.EmulateViewport(390, 844), chromedp.Navigate(e.base+"/challenges"), chromedp.WaitVisible("#to-friends", chromedp.ByID))
	var hidden bool
	e.run(ann, chromedp.Evaluate(`getComputedStyle(document.getElementById("nav-friends")).display === "none"`, &hidden))
	if !hidden {
		t.Error("the header shows Friends at 390 px; want it left out, the header full")
	}
	e.run(ann, chromedp.Click("#to-friends", chromedp.ByID), chromedp.WaitVisible("#friend-name", chromedp.ByID))
}
