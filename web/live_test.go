package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// tableState is the state of table id as GET /api/tables/{id} gives it:
// begun or not, and the deadline of the clock running (0: none).
func tableState(t *testing.T, base, id string) (started bool, deadline int64) {
	t.Helper()
	var api struct {
		State struct {
			State struct {
				Started bool `json:"started"`
				ToAct   struct {
					Deadline int64 `json:"deadline"`
				} `json:"to_act"`
			} `json:"state"`
		} `json:"state"`
	}
	getJSON(t, base+"/api/tables/"+id, &api)
	return api.State.State.Started, api.State.State.ToAct.Deadline
}

// TestChallengePushed (issue 27, item 4): the invitee, on another page, is
// told of a challenge at once (a toast, a badge on Challenges); when he
// accepts, the challenger's page, which polls nothing, shows "Go to the
// table" pushed over the live channel; no clock runs while only the
// invitee is at the table, and the match begins when both are.
func TestChallengePushed(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ann, bob := e.tab(), e.tab()
	e.signUp(ann, "ann", "ann's password")
	e.signUp(bob, "bob", "bob's password")
	e.run(bob, chromedp.Navigate(e.base+"/rules"))
	e.waitFor(bob, "bob's header", `!!document.getElementById("nav-challenges")`, 10*time.Second)

	e.run(ann, chromedp.Navigate(e.base+"/challenges?to=bob"), chromedp.WaitVisible("#challenge", chromedp.ByID),
		chromedp.SetValue("#challenge-clock", "15", chromedp.ByID), chromedp.Click(`#challenge button[type="submit"]`, chromedp.ByQuery))
	e.waitFor(ann, "the challenge sent", `document.getElementById("challenge-list").textContent.includes("To bob")`, 10*time.Second)

	e.waitFor(bob, "the challenge's toast", `[...document.querySelectorAll("#toasts .toast")].some((t) => t.textContent.includes("ann challenges you: ICF rules, 15 s a stroke, rated"))`, 10*time.Second)
	e.waitFor(bob, "the badge", `document.getElementById("challenge-badge")?.textContent === "1"`, 10*time.Second)
	e.run(bob, chromedp.Click(`#toasts a[href="/challenges"]`, chromedp.ByQuery))
	e.settle(bob, "the challenge listed", `!!document.querySelector('#challenge-list button[data-answer="accept"]')`, 10*time.Second)
	// Ann's page sends no request from now on: what she sees is pushed.
	var before int
	e.run(ann, chromedp.Evaluate(`performance.getEntriesByType("resource").filter((r) => r.name.endsWith("/api/challenges")).length`, &before))
	e.run(bob, chromedp.Click(`#challenge-list button[data-answer="accept"]`, chromedp.ByQuery))
	e.settle(bob, "bob at his seat", `location.pathname.startsWith("/t/") && location.search === "?seat=1" && !!document.getElementById("board")`, 20*time.Second)
	var path string
	e.run(bob, chromedp.Evaluate(`location.pathname`, &path))
	id := strings.TrimPrefix(path, "/t/")

	e.waitFor(ann, "the acceptance's toast", `document.getElementById("toast-table")?.getAttribute("href") === "/t/`+id+`?seat=0"`, 10*time.Second)
	e.waitFor(ann, "the table's link in the list", `document.querySelector('#challenge-list a.button')?.getAttribute("href") === "/t/`+id+`?seat=0"`, 10*time.Second)
	var after int
	e.run(ann, chromedp.Evaluate(`performance.getEntriesByType("resource").filter((r) => r.name.endsWith("/api/challenges")).length`, &after))
	// One read of the list for the push (and one by the badge's count).
	if after-before > 2 {
		t.Errorf("ann's page asked for the challenges %d times while bob accepted; want only after the push", after-before)
	}
	if started, deadline := tableState(t, e.base, id); started || deadline != 0 {
		t.Errorf("bob alone at the table: started %v, clock deadline %d; want not begun, no clock", started, deadline)
	}
	e.run(ann, chromedp.Click("#toast-table", chromedp.ByID))
	e.settle(ann, "ann at her seat", `location.search === "?seat=0" && !!document.getElementById("board")`, 20*time.Second)
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if started, _ := tableState(t, e.base, id); started {
			break
		}
		if time.Now().After(end) {
			t.Fatal("both players at the table: the match has not begun after 20 s")
		}
	}
}
