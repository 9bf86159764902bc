package web_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// signUp signs a browser up from the account page, as a player does.
func (e *env) signUp(ctx context.Context, name, password string) {
	e.t.Helper()
	e.run(ctx, chromedp.Navigate(e.base+"/account"), chromedp.WaitVisible("#signup", chromedp.ByID),
		chromedp.SendKeys(`#signup input[name="name"]`, name, chromedp.ByQuery),
		chromedp.SendKeys(`#signup input[name="password"]`, password, chromedp.ByQuery),
		chromedp.Click(`#signup button[type="submit"]`, chromedp.ByQuery))
	e.settle(ctx, name+" signed in", fmt.Sprintf(`document.getElementById("nav-me")?.textContent === %q`, name), 30*time.Second)
}

// settle waits for a JavaScript expression to be truthy across a
// navigation the page makes itself (a poll dies with the document it ran
// in, so it is started again in the next).
func (e *env) settle(ctx context.Context, what, expr string, within time.Duration) {
	e.t.Helper()
	end := time.Now().Add(within)
	for {
		var ok bool
		err := chromedp.Run(ctx, chromedp.Poll(guarded(expr), &ok, chromedp.WithPollingTimeout(time.Until(end)), chromedp.WithPollingInterval(100*time.Millisecond)))
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "navigated") && !strings.Contains(err.Error(), "context") || time.Now().After(end) {
			e.t.Fatalf("waiting for %s: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestProfile: two players sign up in the page; one challenges the other
// to a rated match (the expected score shown first), the other accepts,
// both play at the table (the rated line under the header) until one
// concedes; the loser asks for a rematch from the match-over screen and
// the winner is offered it; the winner's profile shows his rating, its
// chart, his statistics and the match with its rating change and links.
func TestProfile(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ann, bob := e.tab(), e.tab()
	e.signUp(ann, "ann", "ann's password")
	e.signUp(bob, "bob", "bob's password")

	e.run(ann, chromedp.Navigate(e.base+"/challenges?to=bob"), chromedp.WaitVisible("#challenge", chromedp.ByID))
	e.waitFor(ann, "the expected score", `document.getElementById("expected").textContent.startsWith("Expected score: 0.50 for you (1500 ± 700) against bob")`, 10*time.Second)
	e.run(ann, chromedp.SetValue("#challenge-clock", "0", chromedp.ByID), chromedp.Click(`#challenge button[type="submit"]`, chromedp.ByQuery))
	e.waitFor(ann, "the challenge sent", `document.getElementById("challenge-list").textContent.includes("To bob: ICF rules, no clock, rated")`, 10*time.Second)

	e.run(bob, chromedp.Navigate(e.base+"/challenges"))
	e.waitFor(bob, "the challenge received", `!!document.querySelector('#challenge-list button[data-answer="accept"]')`, 10*time.Second)
	e.run(bob, chromedp.Click(`#challenge-list button[data-answer="accept"]`, chromedp.ByQuery))
	e.settle(bob, "bob at his seat", `location.pathname.startsWith("/t/") && location.search === "?seat=1" && !!document.getElementById("board")`, 20*time.Second)
	// Ann's page is told at once (the live channel) and links her seat.
	e.waitFor(ann, "the table's link", `!!document.querySelector('#challenge-list a.button')`, 20*time.Second)
	e.run(ann, chromedp.Click(`#challenge-list a.button`, chromedp.ByQuery))
	e.settle(ann, "ann at her seat", `location.search === "?seat=0" && !!document.getElementById("board")`, 20*time.Second)
	e.waitFor(ann, "the rated banner", `document.getElementById("rated")?.textContent === "Rated: ann 1500 v bob 1500, expected 0.50–0.50"`, 20*time.Second)

	// A few strokes each, then whoever is to strike concedes the board;
	// more, past the 10 strokes below which a match is too short to rate
	// (docs/accounts.md), and whoever is to strike then concedes the match.
	rng := rand.New(rand.NewPCG(5, 6))
	var loser context.Context
	conceded := false
	for strokes, end := 0, time.Now().Add(120*time.Second); loser == nil; {
		if time.Now().After(end) {
			var a, b string
			e.run(ann, chromedp.Evaluate(`document.querySelector("main").innerText`, &a))
			e.run(bob, chromedp.Evaluate(`document.querySelector("main").innerText`, &b))
			t.Fatalf("%d strokes played in 120 s; ann sees %q, bob %q", strokes, a, b)
		}
		acted := false
		for _, p := range []context.Context{ann, bob} {
			var mine bool
			e.run(p, chromedp.Evaluate(myStroke, &mine))
			if mine && strokes >= 4 && !conceded {
				e.concede(p, "board")
				for _, q := range []context.Context{ann, bob} {
					e.waitFor(q, "the board's summary", `!!document.getElementById("next-board")`, 20*time.Second)
					e.run(q, chromedp.Click("#next-board", chromedp.ByID))
				}
				conceded = true
				break
			}
			if mine && strokes >= 12 {
				e.concede(p, "match")
				loser = p
				break
			}
			before := e.seq(p)
			if e.playMine(p, rng, false) {
				acted = true
				strokes++
				e.waitFor(p, "the stroke accepted", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
			}
		}
		if !acted {
			time.Sleep(150 * time.Millisecond)
		}
	}
	winner, winnerName := ann, "ann"
	if loser == ann {
		winner, winnerName = bob, "bob"
	}
	for _, p := range []context.Context{ann, bob} {
		e.waitFor(p, "the match-over screen", `!!document.getElementById("match-over")`, 20*time.Second)
	}
	var old string
	e.run(loser, chromedp.Evaluate(`location.pathname`, &old), chromedp.Click("#rematch", chromedp.ByID))
	e.waitFor(winner, "the rematch offered", `!!document.getElementById("join-rematch")`, 20*time.Second)
	var offer, moved string
	e.run(winner, chromedp.AttributeValue("#join-rematch", "href", &offer, nil, chromedp.ByID))
	e.settle(loser, "the loser at the rematch", fmt.Sprintf(`location.pathname.startsWith("/t/") && location.pathname !== %q && !!document.getElementById("board")`, old), 20*time.Second)
	e.run(loser, chromedp.Evaluate(`location.pathname`, &moved))
	if !strings.HasPrefix(offer, moved+"?seat=") {
		t.Errorf("the winner is offered %s; the loser went to %s", offer, moved)
	}
	// The winner's seat waits for his own click on the offer.
	e.run(winner, chromedp.Click("#join-rematch", chromedp.ByID))
	e.settle(winner, "the winner at the rematch", fmt.Sprintf(`location.pathname === %q && !!document.querySelector(".seats")?.textContent.includes(%q)`, moved, winnerName+" (you)"), 20*time.Second)

	e.run(winner, chromedp.Navigate(e.base+"/u/"+winnerName))
	e.waitFor(winner, "the profile", `!!document.getElementById("matches")`, 10*time.Second)
	e.waitFor(winner, "the rating chart", `[...document.querySelectorAll("img.chart")].some((i) => i.complete && i.naturalWidth > 0)`, 10*time.Second)
	var rating, row, stats string
	e.run(winner, chromedp.Text("#ratings", &rating, chromedp.ByID), chromedp.Text("#matches", &row, chromedp.ByID), chromedp.Text("#stats", &stats, chromedp.ByID))
	// One win from 1500 ± 350 against an equal: Glicko-2 gives 1662.3 ± 290.3.
	if !strings.Contains(rating, "ICF, singles") || !strings.Contains(rating, "1662 ± 581 · 1 rated match") {
		t.Errorf("ratings %q; want ICF singles 1662 ± 581 after one rated match", rating)
	}
	if !strings.Contains(row, "ICF, rated") || !strings.Contains(row, "won 0–0") || !strings.Contains(row, "1662 (+162.3)") {
		t.Errorf("matches %q; want the rated match won 0–0 in games, 1662 (+162.3)", row)
	}
	if stats = strings.Join(strings.Fields(stats), " "); !strings.Contains(stats, "Matches won 1 of 1") || !strings.Contains(stats, " of 1 Queens covered") || strings.Contains(stats, "Strokes per board –") {
		t.Errorf("statistics %q; want one match won, one board ended and the strokes per board", stats)
	}
	var links []string
	// The newest first: the rematch in play, then the match played.
	e.run(winner, chromedp.Evaluate(`[...document.querySelectorAll("#matches tr:last-child a")].map((a) => a.getAttribute("href"))`, &links))
	if len(links) != 2 || !strings.HasPrefix(links[0], "/replay/") || !strings.HasSuffix(links[1], ".txt") {
		t.Errorf("the match's links %q; want its replay and its record", links)
	}
	if *updateScreenshot {
		var png []byte
		e.run(winner, chromedp.FullScreenshot(&png, 100))
		if err := os.WriteFile(filepath.Join("..", "docs", "profile.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	e.run(winner, chromedp.Navigate(e.base+"/leaderboard"))
	e.waitFor(winner, "the leaderboard", fmt.Sprintf(`document.querySelector("#leaderboard tr:nth-child(2)")?.textContent.startsWith("1%s1662")`, winnerName), 10*time.Second)

	e.run(winner, chromedp.Navigate(e.base+"/account"), chromedp.WaitVisible("#signout", chromedp.ByID), chromedp.Click("#signout", chromedp.ByID))
	e.settle(winner, "signed out", `!!document.getElementById("nav-signin")`, 10*time.Second)
}
