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
	"github.com/carrom-game/carrom/tourney"
)

// TestTournamentOrganisedInTheBrowser (issue 28): an organiser creates a
// 5-player Swiss (Dutch, its top players kept apart for a round: the
// form's delay_top), registers the players as guests, pairs round 1 (one
// player meets the phantom), types the results, pairs round 2. Another
// browser, not signed in, reads the public page: its standings and
// pairings are those "carrom tourney pair" answers on the same data
// (tourney.DecodeRequest and tourney.Pair, the command's two calls), and
// its crosstable has a line per player.
func TestTournamentOrganisedInTheBrowser(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	org, pub := e.tab(), e.tab()
	e.run(org, chromedp.EmulateViewport(1280, 900))
	e.signUp(org, "org", "org's password")
	e.run(org, chromedp.Navigate(e.base+"/tournaments"), chromedp.WaitVisible("#tournament-new", chromedp.ByID),
		chromedp.SendKeys("#t-name", "Club open", chromedp.ByID),
		chromedp.SetValue("#t-rounds", "3", chromedp.ByID),
		chromedp.SetValue("#t-method", "dutch", chromedp.ByID),
		chromedp.SetValue("#t-delay-top", "1", chromedp.ByID),
		chromedp.Click("#t-create", chromedp.ByID))
	e.settle(org, "the tournament's page", `location.pathname.startsWith("/tournaments/") && document.getElementById("register") != null`, 30*time.Second)
	var path string
	e.run(org, chromedp.Evaluate(`location.pathname`, &path))
	id := strings.TrimPrefix(path, "/tournaments/")

	type entrant struct {
		name   string
		rating int
	}
	entrants := []entrant{{"Ann", 1700}, {"Bob", 1650}, {"Cy", 1600}, {"Dee", 1550}, {"Eli", 1500}}
	for i, p := range entrants {
		e.run(org, chromedp.SendKeys("#reg-name", p.name, chromedp.ByID), chromedp.SendKeys("#reg-rating", strconv.Itoa(p.rating), chromedp.ByID),
			chromedp.Click("#reg-add", chromedp.ByID))
		e.waitFor(org, p.name+" registered", fmt.Sprintf(`document.querySelectorAll("#t-players tr[data-num]").length === %d`, i+1), 30*time.Second)
	}
	req := &tourney.Request{System: "swiss", Options: tourney.SwissOptions{Method: tourney.Dutch, DelayTop: 1},
		Tournament: tourney.Tournament{Points: tourney.DefaultPoints, PhantomScore: tourney.DefaultPhantomScore}}
	for i, p := range entrants {
		req.Players = append(req.Players, tourney.Player{ID: fmt.Sprintf("p%d", i+1), Rating: float64(p.rating)})
	}
	var seed string
	var delayTop int
	e.run(pub, chromedp.Navigate(e.base+"/api/tournaments/"+id), chromedp.Evaluate(`JSON.parse(document.body.innerText).seed`, &seed),
		chromedp.Evaluate(`JSON.parse(document.body.innerText).delay_top`, &delayTop))
	if req.Seed, _ = strconv.ParseUint(seed, 10, 64); seed == "" {
		t.Fatal("the tournament's seed is not shown")
	}
	var head string
	e.run(org, chromedp.Evaluate(`document.getElementById("t-head").textContent`, &head))
	if delayTop != 1 || !strings.Contains(head, "Keep the top players apart, rounds 1") {
		t.Errorf("the form's delay_top 1 is stored as %d, and the page's head says %q", delayTop, head)
	}

	// pairings reads a round's pairings on a page: board, a, b (0 the phantom).
	type pairing struct{ Board, A, B int }
	pairings := func(ctx context.Context, round int) []pairing {
		t.Helper()
		var rows []pairing
		e.run(ctx, chromedp.Evaluate(fmt.Sprintf(`[...document.querySelectorAll('section[data-round="%d"] tr[data-board]')]
			.map((tr) => ({Board: +tr.dataset.board, A: +tr.dataset.a, B: +tr.dataset.b}))`, round), &rows))
		return rows
	}
	// answer is what carrom tourney pair answers on the rounds so far.
	answer := func() *tourney.Answer {
		t.Helper()
		var in strings.Builder
		if err := req.Encode(&in); err != nil {
			t.Fatal(err)
		}
		r, err := tourney.DecodeRequest(strings.NewReader(in.String()))
		if err != nil {
			t.Fatal(err)
		}
		ans, err := tourney.Pair(r)
		if err != nil {
			t.Fatal(err)
		}
		return ans
	}
	samePairing := func(round int, ans *tourney.Answer) []pairing {
		t.Helper()
		// The page reads the tournament every 5 s; a busy machine may take
		// longer to show it than a reload does.
		e.run(pub, chromedp.Reload())
		e.waitFor(pub, fmt.Sprintf("round %d on the public page", round), fmt.Sprintf(`document.querySelector('section[data-round="%d"]') != null`, round), 30*time.Second)
		got := pairings(pub, round)
		var want []pairing
		for _, m := range ans.Matches {
			p := pairing{Board: m.Board}
			fmt.Sscanf(m.A, "p%d", &p.A)
			if m.B != nil {
				fmt.Sscanf(*m.B, "p%d", &p.B)
			}
			want = append(want, p)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("round %d on the public page: %v; carrom tourney pair: %v", round, got, want)
		}
		return got
	}
	sameStandings := func(ans *tourney.Answer) {
		t.Helper()
		var want []string
		for _, s := range ans.Standings {
			n, _ := strconv.Atoi(strings.TrimPrefix(s.ID, "p"))
			want = append(want, fmt.Sprintf("%d %s %d %d %d %d", s.Rank, entrants[n-1].name, s.Points, s.Buchholz, s.Net, s.Total))
		}
		expr := fmt.Sprintf(`[...document.querySelectorAll("#standings tr[data-num]")].map((tr) => [...tr.cells].map((td) => td.textContent).join(" ")).join("|") === %q`, strings.Join(want, "|"))
		var got []string
		e.run(pub, chromedp.Reload())
		if err := chromedp.Run(pub, chromedp.Poll(expr, nil, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			e.run(pub, chromedp.Evaluate(`[...document.querySelectorAll("#standings tr[data-num]")].map((tr) => [...tr.cells].map((td) => td.textContent).join(" "))`, &got))
			t.Fatalf("the public standings: %q; carrom tourney pair's: %q", got, want)
		}
	}

	// Round 1, and its results typed by the organiser.
	e.run(pub, chromedp.Navigate(e.base+"/tournaments/"+id), chromedp.WaitVisible("#standings", chromedp.ByID))
	want := answer()
	e.run(org, chromedp.Click("#pair-next", chromedp.ByID))
	round1 := samePairing(1, want)
	results := [][2]int{{25, 10}, {18, 25}}
	var played tourney.Round
	typeResults := func(round int, rows []pairing) {
		t.Helper()
		played = tourney.Round{}
		k := 0
		for _, p := range rows {
			m := tourney.Match{A: fmt.Sprintf("p%d", p.A), Board: p.Board, Score: [2]int{req.PhantomScore, 0}}
			if p.B != 0 {
				m.B, m.Score = fmt.Sprintf("p%d", p.B), results[k%len(results)]
				k++
				row := fmt.Sprintf(`section[data-round="%d"] tr[data-board="%d"] `, round, p.Board)
				e.run(org, chromedp.SendKeys(row+`input[data-side="a"]`, strconv.Itoa(m.Score[0]), chromedp.ByQuery),
					chromedp.SendKeys(row+`input[data-side="b"]`, strconv.Itoa(m.Score[1]), chromedp.ByQuery),
					chromedp.Click(row+`button.enter`, chromedp.ByQuery))
				e.waitFor(org, fmt.Sprintf("round %d board %d entered", round, p.Board),
					fmt.Sprintf(`document.querySelector('%s .t-score')?.textContent === "%d–%d"`, row, m.Score[0], m.Score[1]), 30*time.Second)
			}
			played.Matches = append(played.Matches, m)
		}
	}
	typeResults(1, round1)
	req.Rounds = append(req.Rounds, played)
	want = answer()
	sameStandings(want)

	// Round 2 paired: as carrom tourney pair said; its phantom's 25-0
	// counts at once, and the standings are the command's on that too.
	e.run(org, chromedp.Click("#pair-next", chromedp.ByID))
	round2 := samePairing(2, want)
	var phantomOnly tourney.Round
	for _, p := range round2 {
		if p.B == 0 {
			phantomOnly.Matches = append(phantomOnly.Matches, tourney.Match{A: fmt.Sprintf("p%d", p.A), Board: p.Board, Score: [2]int{req.PhantomScore, 0}})
		}
	}
	if len(phantomOnly.Matches) != 1 {
		t.Fatalf("round 2 has %d matches against the phantom; want 1", len(phantomOnly.Matches))
	}
	partial := *req
	partial.Rounds = append(append([]tourney.Round{}, req.Rounds...), phantomOnly)
	saved := req
	req = &partial
	sameStandings(answer())
	req = saved
	typeResults(2, round2)
	req.Rounds = append(req.Rounds, played)
	sameStandings(answer())

	// The crosstable: a line per player, a column per round.
	var cross [][]string
	e.run(pub, chromedp.Evaluate(`[...document.querySelectorAll("#crosstable tr[data-num]")].map((tr) => [...tr.cells].map((td) => td.textContent))`, &cross))
	if len(cross) != 5 || len(cross[0]) != 5 {
		t.Errorf("the crosstable: %q; want 5 lines of rank, name, R1, R2, points", cross)
	}
	e.run(pub, chromedp.EmulateViewport(1280, 900))
	e.shot(pub, "tournament", "tournament.png")

	// The printouts, through Chromium's print to PDF: the scorecards of
	// round 2's two boards, a page each, and nothing of the page's forms;
	// the standings without the pairings.
	e.run(org, chromedp.Evaluate(`document.body.dataset.print = "scorecards"`, nil), emulation.SetEmulatedMedia().WithMedia("print"))
	e.shot(org, "tournament-scorecard", "tournament-scorecard.png")
	var shown struct{ Cards, Forms, Standings, Signatures int }
	visible := `(sel) => [...document.querySelectorAll(sel)].filter((el) => el.checkVisibility()).length`
	e.run(org, chromedp.Evaluate(`(() => { const v = `+visible+`; return {cards: v(".t-card"), forms: v("#register, button, input"), standings: v("#standings"), signatures: v(".t-card-sign span")}; })()`, &shown))
	if shown.Cards != 2 || shown.Forms != 0 || shown.Standings != 0 || shown.Signatures != 4 {
		t.Errorf("the scorecards printed: %+v; want 2 cards with an umpire's and an organiser's line each, no form, no standings", shown)
	}
	var pdf []byte
	e.run(org, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		pdf, _, err = page.PrintToPDF().Do(ctx)
		return err
	}))
	if n := len(regexp.MustCompile(`/Type\s*/Page\b`).FindAll(pdf, -1)); n != 2 {
		t.Errorf("the scorecards' PDF has %d pages; want 2, a card a page", n)
	}
	e.run(org, chromedp.Evaluate(`document.body.dataset.print = "standings"`, nil))
	e.run(org, chromedp.Evaluate(`(() => { const v = `+visible+`; return {cards: v(".t-card"), forms: v("#register, button, input"), standings: v("#standings")}; })()`, &shown))
	if shown.Cards != 0 || shown.Forms != 0 || shown.Standings != 1 {
		t.Errorf("the standings printed: %+v; want the standings alone", shown)
	}

	// The public browser has no organiser's desk.
	var desk bool
	e.run(pub, chromedp.Evaluate(`document.getElementById("register") != null || document.querySelector("button.enter") != null`, &desk))
	if desk {
		t.Error("the public page shows the organiser's forms")
	}
}

// TestTournamentCallsToTheTable (issue 28): the organiser plays round 1
// on online tables from the tournament's page; each player, on another
// page of the site, is told at once where to play (a toast over the live
// channel) and its link seats the player at the seat kept for the account.
func TestTournamentCallsToTheTable(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	org, ann, bob := e.tab(), e.tab(), e.tab()
	e.run(org, chromedp.EmulateViewport(1280, 900))
	e.signUp(org, "org", "org's password")
	e.signUp(ann, "ann", "ann's password")
	e.signUp(bob, "bob", "bob's password")
	e.run(org, chromedp.Navigate(e.base+"/tournaments"), chromedp.WaitVisible("#tournament-new", chromedp.ByID),
		chromedp.SendKeys("#t-name", "Online night", chromedp.ByID), chromedp.SetValue("#t-rounds", "1", chromedp.ByID),
		chromedp.Click("#t-create", chromedp.ByID))
	e.settle(org, "the tournament's page", `document.getElementById("register") != null`, 30*time.Second)
	for i, name := range []string{"ann", "bob"} {
		e.run(org, chromedp.SendKeys("#reg-account", name, chromedp.ByID), chromedp.Click("#reg-add", chromedp.ByID))
		e.waitFor(org, name+" registered", fmt.Sprintf(`document.querySelectorAll("#t-players tr[data-num]").length === %d`, i+1), 30*time.Second)
	}
	for _, p := range []context.Context{ann, bob} {
		e.run(p, chromedp.Navigate(e.base+"/rules"))
	}
	e.run(org, chromedp.Click("#pair-next", chromedp.ByID))
	e.waitFor(org, "round 1 paired", `document.querySelector('button[data-online="1"]') != null`, 30*time.Second)
	e.run(org, chromedp.Click(`button[data-online="1"]`, chromedp.ByQuery))
	e.waitFor(org, "the table's link", `document.querySelector('section[data-round="1"] tr[data-board="1"] a[href^="/t/"]') != null`, 30*time.Second)
	for name, p := range map[string]context.Context{"ann": ann, "bob": bob} {
		e.waitFor(p, name+"'s call", `document.getElementById("toast-tournament")?.getAttribute("href")?.startsWith("/t/")`, 30*time.Second)
		var text, link string
		e.run(p, chromedp.Text("#toasts .toast span", &text, chromedp.ByQuery), chromedp.AttributeValue("#toast-tournament", "href", &link, nil, chromedp.ByID))
		if !strings.Contains(text, "Online night, round 1") || !strings.Contains(text, "board 1") {
			t.Errorf("%s is told %q; want the tournament, the round and the board", name, text)
		}
		seat := link[len(link)-1:]
		e.run(p, chromedp.Click("#toast-tournament", chromedp.ByID))
		// The toast's link is the player's own click: the page takes the
		// seat kept for the account, as a challenge's does.
		e.settle(p, name+" at the kept seat", fmt.Sprintf(`document.querySelector('.seats [data-seat="%s"]')?.textContent.includes("(you)")`, seat), 30*time.Second)
	}
}
