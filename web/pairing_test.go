package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// atTable is the expression true once a page is at a table, seated (its
// seat in the address) with the board drawn.
const atTable = `location.pathname.startsWith("/t/") && /^\?seat=[01]$/.test(location.search) && !!document.getElementById("board")`

// poolPlay asks for a game with the lobby's Play online and waits for the
// waiting panel: the first of two, whom nobody waits for.
func (e *env) poolPlay(p context.Context) {
	e.t.Helper()
	e.poolJoin(p)
	e.waitFor(p, "the waiting panel", `!!document.getElementById("pool-wait")`, 10*time.Second)
}

// poolJoin asks for a game with the lobby's Play online, and does not
// wait for the waiting panel: the second of two, whose page may be gone
// to the table by the time it would look for the panel.
func (e *env) poolJoin(p context.Context) {
	e.t.Helper()
	e.run(p, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-pool", chromedp.ByID), chromedp.Click("#play-pool", chromedp.ByID))
}

// TestQuickPairingRated (issue 27, quick pairing): two accounts press
// Play online in the lobby (rated, as a player signed in is offered);
// the first waits, told he is alone in the pool; the second's arrival
// pairs them at the next wave and both pages go to their seats at one
// table, where a stroke is played. The test logs how long from the
// second click until both were at the table.
func TestQuickPairingRated(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ann, bob := e.tab(), e.tab()
	e.signUp(ann, "ann", "ann's password")
	e.signUp(bob, "bob", "bob's password")
	e.poolPlay(ann)
	e.waitFor(ann, "the count", `document.getElementById("pool-count").textContent === "You are the only player waiting in this pool."`, 10*time.Second)
	e.shot(ann, "pool-wait", "screenshot-pool.png")
	var rated bool
	e.run(ann, chromedp.Evaluate(`document.querySelector("#pool-wait p").textContent.includes("rated") && !document.querySelector("#pool-wait p").textContent.includes("unrated")`, &rated))
	if !rated {
		t.Errorf("ann signed in waits in an unrated pool; want the rated one, the default signed in")
	}
	e.run(bob, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-pool", chromedp.ByID))
	start := time.Now()
	e.run(bob, chromedp.Click("#play-pool", chromedp.ByID))
	e.settle(ann, "ann at her seat", atTable, 20*time.Second)
	e.settle(bob, "bob at his seat", atTable, 20*time.Second)
	t.Logf("bob pressed Play online; both were at the table %v later", time.Since(start))
	var a, b string
	e.run(ann, chromedp.Evaluate(`location.pathname + location.search`, &a))
	e.run(bob, chromedp.Evaluate(`location.pathname + location.search`, &b))
	pa, _, _ := strings.Cut(a, "?")
	pb, _, _ := strings.Cut(b, "?")
	if pa != pb || a == b {
		t.Fatalf("ann is at %s, bob at %s; want one table, a seat each", a, b)
	}
	id := strings.TrimPrefix(pa, "/t/")
	e.firstStroke(id, ann, bob)
	var cfg struct {
		State struct {
			State struct {
				Config struct{ Rated bool } `json:"config"`
			} `json:"state"`
		} `json:"state"`
	}
	getJSON(t, e.base+"/api/tables/"+id, &cfg)
	if !cfg.State.State.Config.Rated {
		t.Errorf("the paired table is not rated")
	}
}

// TestQuickPairingAnonymous: a browser without an account is offered the
// unrated pools only; Cancel takes it out of the pool and back to the
// form; two such browsers pressing Play online are seated at one table.
func TestQuickPairingAnonymous(t *testing.T) {
	e := newEnv(t)
	x, y := e.tab(), e.tab()
	e.run(x, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-pool", chromedp.ByID))
	var disabled bool
	e.run(x, chromedp.Evaluate(`document.getElementById("pool-rated").disabled && !document.getElementById("pool-rated").checked`, &disabled))
	if !disabled {
		t.Errorf("an anonymous browser may tick Rated; want it offered unrated only")
	}
	e.poolPlay(x)
	e.run(x, chromedp.Click("#pool-cancel", chromedp.ByID))
	e.waitFor(x, "the form again", `!!document.getElementById("play-pool")`, 10*time.Second)
	var count struct{ Count int }
	getJSON(t, e.base+"/api/pool?rules=icf&clock=15", &count)
	if count.Count != 0 {
		t.Errorf("after Cancel: %d in the pool; want 0", count.Count)
	}
	e.run(x, chromedp.Click("#play-pool", chromedp.ByID))
	e.waitFor(x, "the waiting panel", `!!document.getElementById("pool-wait")`, 10*time.Second)
	e.poolJoin(y)
	e.settle(x, "x at its seat", atTable, 20*time.Second)
	e.settle(y, "y at its seat", atTable, 20*time.Second)
}

// TestSeekFromLobby (issue 27, seeks): a game offered from one lobby
// appears in another lobby already open, without a reload; one click on
// its Play seats both players at one table, the one who offered it sent
// there by the push.
func TestSeekFromLobby(t *testing.T) {
	e := newEnv(t)
	x, y := e.tab(), e.tab()
	e.run(y, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#seeks-box", chromedp.ByID))
	e.waitFor(y, "no game offered", `!!document.getElementById("no-seeks")`, 10*time.Second)
	e.run(x, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#seeks-box", chromedp.ByID),
		chromedp.Click("#offer summary", chromedp.ByQuery), chromedp.SetValue("#seek-clock", "30", chromedp.ByID),
		chromedp.SetValue("#seek-max", "1800", chromedp.ByID), chromedp.Click("#offer-seek", chromedp.ByID))
	e.waitFor(x, "x's offer listed", `!!document.querySelector("#seeks .withdraw-seek")`, 10*time.Second)
	e.waitFor(y, "x's offer in y's lobby", `document.querySelector("#seeks tr")?.textContent.includes("ICF rules, 30 s a stroke, unrated — for players rated 1800 or less")`, 10*time.Second)
	e.run(y, chromedp.Click("#seeks .join-seek", chromedp.ByQuery))
	e.settle(y, "y at its seat", atTable, 20*time.Second)
	e.settle(x, "x at its seat", atTable, 20*time.Second)
	var a, b string
	e.run(x, chromedp.Evaluate(`location.pathname + location.search`, &a))
	e.run(y, chromedp.Evaluate(`location.pathname + location.search`, &b))
	if pa, _, _ := strings.Cut(a, "?"); !strings.HasPrefix(b, pa+"?") || a == b {
		t.Errorf("x is at %s, y at %s; want one table, a seat each", a, b)
	}
}
