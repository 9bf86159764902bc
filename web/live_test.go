package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// tableState is the state of table id as GET /api/tables/{id} gives it:
// begun or not, over or not, and the deadline of the clock running (0:
// none).
func tableState(t *testing.T, base, id string) (started, over bool, deadline int64) {
	t.Helper()
	var api struct {
		State struct {
			State struct {
				Started bool `json:"started"`
				Over    bool `json:"over"`
				ToAct   struct {
					Deadline int64 `json:"deadline"`
				} `json:"to_act"`
			} `json:"state"`
		} `json:"state"`
	}
	getJSON(t, base+"/api/tables/"+id, &api)
	return api.State.State.Started, api.State.State.Over, api.State.State.ToAct.Deadline
}

// TestChallengePushed (issue 27, item 4): the invitee, on another page, is
// told of a challenge at once (a toast, a badge on Challenges); when he
// accepts, the challenger's page, which polls nothing, shows "Go to the
// table" pushed over the live channel; no clock runs while only the
// invitee is at the table, and the match begins when both are. Then (item
// 5) a forfeit says why, at the end of the match and in both profiles.
func TestChallengePushed(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts); c.Grace = 2 * time.Second })
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
	if started, _, deadline := tableState(t, e.base, id); started || deadline != 0 {
		t.Errorf("bob alone at the table: started %v, clock deadline %d; want not begun, no clock", started, deadline)
	}
	e.run(ann, chromedp.Click("#toast-table", chromedp.ByID))
	e.settle(ann, "ann at her seat", `location.search === "?seat=0" && !!document.getElementById("board")`, 20*time.Second)
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if started, _, _ := tableState(t, e.base, id); started {
			break
		}
		if time.Now().After(end) {
			t.Fatal("both players at the table: the match has not begun after 20 s")
		}
	}

	// Issue 27, item 5: the break played (a rated match left before it is
	// aborted, not lost: fairplay_test.go), Bob leaves for good; past the
	// grace period he loses, and the end of the match and both profiles
	// say why.
	e.firstStroke(id, ann, bob)
	bob = e.reopen(bob, e.base+"/rules")
	e.waitFor(ann, "the match-over box", `!!document.getElementById("match-over")`, 30*time.Second)
	e.waitFor(ann, "why the match ended", `document.getElementById("match-why")?.textContent === "bob left the match: away from the table longer than allowed, bob loses it (RULES TM-3)."`, 10*time.Second)
	e.run(ann, chromedp.Navigate(e.base+"/u/ann"))
	e.waitFor(ann, "ann's profile", `[...document.querySelectorAll("td.result")].some((td) => td.textContent.endsWith(": the opponent left the match (RULES TM-3)"))`, 10*time.Second)
	e.run(bob, chromedp.Navigate(e.base+"/u/bob"))
	e.waitFor(bob, "bob's profile", `[...document.querySelectorAll("td.result")].some((td) => td.textContent.endsWith(": left the match, away past the time allowed (RULES TM-3)"))`, 10*time.Second)
}

// reopen closes the tab of p and opens another with the same cookies (the
// same identity) at url: the player has left the page for good (a page
// merely navigated from may stay in the browser's back-forward cache, its
// WebSocket open).
func (e *env) reopen(p context.Context, url string) context.Context {
	e.t.Helper()
	var tid target.ID
	err := chromedp.Run(e.browser, chromedp.ActionFunc(func(ctx context.Context) error {
		exec := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		old := chromedp.FromContext(p).Target.TargetID
		info, err := target.GetTargetInfo().WithTargetID(old).Do(exec)
		if err != nil {
			return err
		}
		if tid, err = target.CreateTarget(url).WithBrowserContextID(info.BrowserContextID).WithNewWindow(true).Do(exec); err != nil {
			return err
		}
		return target.CloseTarget(old).Do(exec)
	}))
	if err != nil {
		e.t.Fatalf("opening the page again: %v", err)
	}
	return e.attach(tid)
}

// TestComputerGameWaitsForItsPlayer (issue 27, item 5): a player who
// leaves his game against the computer for another page, longer than the
// grace period, finds it waiting: the header of every other page and the
// lobby offer "Resume your game", and it goes on where it was.
func TestComputerGameWaitsForItsPlayer(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Grace = time.Second })
	p := e.tab()
	url := e.playBeginner(p)
	id := strings.TrimPrefix(url[strings.Index(url, "/t/"):], "/t/")
	id, _, _ = strings.Cut(id, "?")
	e.waitFor(p, "the game begun", `+document.getElementById("board").dataset.seq >= 0 && !!document.querySelector('.seats [data-seat="0"]')?.textContent.includes("(you)")`, 20*time.Second)
	p = e.reopen(p, e.base+"/rules")
	e.run(p, chromedp.WaitVisible("#account-nav", chromedp.ByID))
	e.waitFor(p, "Resume your game in the header", `document.getElementById("nav-resume")?.getAttribute("href") === "/t/`+id+`?seat=0"`, 10*time.Second)
	// Three times the grace period on another page.
	time.Sleep(3 * time.Second)
	e.run(p, chromedp.Navigate(e.base+"/"))
	e.waitFor(p, "Resume your game in the lobby", `document.querySelector('#your-games a.button')?.textContent === "Resume your game"`, 10*time.Second)
	e.waitFor(p, "the table listed as his", `[...document.querySelectorAll("#open-tables a")].some((a) => a.textContent === "resume your game" && a.getAttribute("href") === "/t/`+id+`?seat=0")`, 10*time.Second)
	if started, over, _ := tableState(t, e.base, id); !started || over {
		t.Errorf("the game against the computer after 3 s away: started %v, over %v; want in play", started, over)
	}
	e.run(p, chromedp.Click("#your-games a.button", chromedp.ByQuery))
	e.settle(p, "back at the game", `location.pathname === "/t/`+id+`" && !!document.querySelector('.seats [data-seat="0"]')?.textContent.includes("(you)")`, 20*time.Second)
	var over bool
	e.run(p, chromedp.Evaluate(`!!document.getElementById("match-over")`, &over))
	if over {
		t.Error("back at the game against the computer: the match is over")
	}
}
