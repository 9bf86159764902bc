package web_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// TestTournamentFinalsInTheBrowser (issue 28): an organiser runs a
// 4-player, 1-round Swiss with a final (1st v 2nd, one match) and fixed
// prizes from the tournament's page: chooses them, pairs round 1, types its
// results, pairs the final and types it, won by the second of the
// standings. The final ranking puts the final's winner first with 18, and
// the prize list prints alone, on one page of Chromium's PDF. The
// tournament then makes a championship from /tournaments, whose public
// page ranks the final's winner first.
func TestTournamentFinalsInTheBrowser(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	org, pub := e.tab(), e.tab()
	e.run(org, chromedp.EmulateViewport(1280, 900))
	e.run(pub, chromedp.EmulateViewport(1280, 900))
	e.signUp(org, "org", "org's password")
	e.run(org, chromedp.Navigate(e.base+"/tournaments"), chromedp.WaitVisible("#tournament-new", chromedp.ByID),
		chromedp.SendKeys("#t-name", "Final night", chromedp.ByID),
		chromedp.SetValue("#t-rounds", "1", chromedp.ByID),
		chromedp.Click("#t-create", chromedp.ByID))
	e.settle(org, "the tournament's page", `location.pathname.startsWith("/tournaments/") && document.getElementById("finals-form") != null`, 30*time.Second)
	var path string
	e.run(org, chromedp.Evaluate(`location.pathname`, &path))
	names := []string{"Ann", "Bob", "Cy", "Dee"}
	for i, n := range names {
		e.run(org, chromedp.SendKeys("#reg-name", n, chromedp.ByID), chromedp.SendKeys("#reg-rating", strconv.Itoa(1700-50*i), chromedp.ByID),
			chromedp.Click("#reg-add", chromedp.ByID))
		e.waitFor(org, n+" registered", fmt.Sprintf(`document.querySelectorAll("#t-players tr[data-num]").length === %d`, i+1), 30*time.Second)
	}
	e.run(org, chromedp.SetValue("#fin-places", "2", chromedp.ByID), chromedp.SetValue("#fin-prizes", "fixed", chromedp.ByID),
		chromedp.Click("#fin-save", chromedp.ByID))
	e.waitFor(org, "the prizes chosen", `document.querySelector("#t-prizes h2")?.textContent.includes("fixed")`, 30*time.Second)
	var why string
	e.run(org, chromedp.Evaluate(`document.getElementById("pair-finals").disabled ? document.getElementById("finals-why").textContent : ""`, &why))
	if !strings.Contains(why, "follow the 1 rounds") {
		t.Errorf("the finals button before the Swiss: %q; want it disabled, saying why", why)
	}

	// typeResult types a result of a round's board and waits for it.
	typeResult := func(round, board int, score [2]int) {
		t.Helper()
		row := fmt.Sprintf(`section[data-round="%d"] tr[data-board="%d"] `, round, board)
		e.run(org, chromedp.SendKeys(row+`input[data-side="a"]`, strconv.Itoa(score[0]), chromedp.ByQuery),
			chromedp.SendKeys(row+`input[data-side="b"]`, strconv.Itoa(score[1]), chromedp.ByQuery),
			chromedp.Click(row+`button.enter`, chromedp.ByQuery))
		e.waitFor(org, fmt.Sprintf("round %d board %d entered", round, board),
			fmt.Sprintf(`document.querySelector('%s .t-score')?.textContent === "%d–%d"`, row, score[0], score[1]), 30*time.Second)
	}
	e.run(org, chromedp.Click("#pair-next", chromedp.ByID))
	e.waitFor(org, "round 1", `document.querySelectorAll('section[data-round="1"] tr[data-board]').length === 2`, 30*time.Second)
	typeResult(1, 1, [2]int{25, 10})
	typeResult(1, 2, [2]int{25, 12})
	e.waitFor(org, "the finals ready", `!document.getElementById("pair-finals").disabled`, 30*time.Second)
	var standings []string
	e.run(org, chromedp.Evaluate(`[...document.querySelectorAll("#standings tr[data-num]")].map((tr) => tr.cells[1].textContent)`, &standings))
	e.run(org, chromedp.Click("#pair-finals", chromedp.ByID))
	e.waitFor(org, "the final paired", `document.querySelector('section[data-round="2"] h2')?.textContent.startsWith("Finals, round 1")`, 30*time.Second)
	typeResult(2, 1, [2]int{12, 25})

	want := []string{standings[1] + " 18", standings[0] + " 16", standings[2] + " 14", standings[3] + " 13"}
	expr := fmt.Sprintf(`[...document.querySelectorAll("#prizes tr[data-num]")].map((tr) => tr.cells[1].textContent + " " + tr.cells[2].textContent).join("|") === %q`, strings.Join(want, "|"))
	e.run(pub, chromedp.Navigate(e.base+path))
	e.waitFor(pub, "the prize list after the final", expr, 30*time.Second)
	var finished string
	e.run(pub, chromedp.Evaluate(`document.getElementById("crosstable").rows[0].cells.length + " " + (document.getElementById("finals-form") == null)`, &finished))
	if finished != "4 true" {
		t.Errorf("the public page: %q; want a crosstable of the Swiss's round only (rank, player, R1, points) and no organiser's form", finished)
	}

	// The prize list printed: alone, on one page.
	e.run(org, chromedp.Evaluate(`document.body.dataset.print = "prizes"`, nil), emulation.SetEmulatedMedia().WithMedia("print"))
	var shown struct{ Prizes, Standings, Rounds, Forms, Head int }
	visible := `(sel) => [...document.querySelectorAll(sel)].filter((el) => el.checkVisibility()).length`
	e.run(org, chromedp.Evaluate(`(() => { const v = `+visible+`; return {prizes: v("#prizes tr[data-num]"), standings: v("#standings"), rounds: v(".t-round"), forms: v("form, button, input"), head: v("#t-head h1")}; })()`, &shown))
	if shown.Prizes != 4 || shown.Standings != 0 || shown.Rounds != 0 || shown.Forms != 0 || shown.Head != 1 {
		t.Errorf("the prize list printed: %+v; want the title and 4 prizes, nothing else", shown)
	}
	var head string
	e.run(org, chromedp.Evaluate(`document.querySelector("#t-head p").textContent`, &head))
	if !strings.Contains(head, "1 of 1 round") {
		t.Errorf("the head: %q; want the Swiss's rounds counted, 1 of 1, the final aside", head)
	}
	e.shot(org, "tournament-prizes", "tournament-prizes.png")
	var pdf []byte
	e.run(org, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		pdf, _, err = page.PrintToPDF().Do(ctx)
		return err
	}))
	if n := len(regexp.MustCompile(`/Type\s*/Page\b`).FindAll(pdf, -1)); n != 1 {
		t.Errorf("the prize list's PDF has %d pages; want 1", n)
	}
	e.run(org, chromedp.Evaluate(`document.body.dataset.print = "standings"`, nil))
	e.run(org, chromedp.Evaluate(`(() => { const v = `+visible+`; return {prizes: v("#prizes"), standings: v("#standings")}; })()`, &shown))
	if shown.Prizes != 0 || shown.Standings != 1 {
		t.Errorf("the standings printed: %+v; want them without the prize list", shown)
	}
	e.run(org, emulation.SetEmulatedMedia().WithMedia(""))

	// A championship of it, from /tournaments; its page is public.
	e.run(org, chromedp.Navigate(e.base+"/tournaments"), chromedp.WaitVisible("#championship-new", chromedp.ByID),
		chromedp.SendKeys("#ch-name", "Club tour", chromedp.ByID), chromedp.Click(`#championship-new input[type="checkbox"]`, chromedp.ByQuery),
		chromedp.Click("#ch-create", chromedp.ByID))
	e.settle(org, "the championship's page", `location.pathname.startsWith("/championships/") && document.getElementById("championship-ranking") != null`, 30*time.Second)
	e.run(org, chromedp.Evaluate(`location.pathname`, &path))
	e.run(pub, chromedp.Navigate(e.base+path))
	e.waitFor(pub, "the championship's ranking", fmt.Sprintf(`(() => { const r = document.querySelector("#championship-ranking tr:nth-child(2)"); return r != null && r.cells[1].textContent === %q && r.querySelector(".ch-total").textContent === "18"; })()`, standings[1]), 30*time.Second)
	e.shot(pub, "championship", "championship.png")
}
