package web_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
)

// TestQuickPairingAborted (issue 27, fair play): two accounts paired in a
// rated pool, whose breaker lets his break clock (15 s) run out, read on
// both pages that the game was aborted before its first stroke, not
// rated; the breaker, whose third abort of the day it is, presses Play
// online again and reads how long he waits before his next rated game,
// while his opponent is paired as before. The replay and the profile say
// the match was aborted.
func TestQuickPairingAborted(t *testing.T) {
	var db *store.DB
	e := newEnvWith(t, func(c *server.Config) {
		c.Accounts = c.Store.(server.Accounts)
		db = c.Store.(*store.DB)
	})
	ann, bob := e.tab(), e.tab()
	e.signUp(ann, "ann", "ann's password")
	e.signUp(bob, "bob", "bob's password")
	// Two aborts each earlier today: the third is a playban.
	ctx := context.Background()
	for _, name := range []string{"ann", "bob"} {
		a, err := db.AccountByName(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if err := db.RecordAbort(ctx, a.ID, fmt.Sprintf("earlier-%s-%d", name, i), time.Now().Add(-time.Duration(i+1)*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
	}
	e.poolPlay(ann)
	e.poolJoin(bob)
	e.settle(ann, "ann at her seat", atTable, 20*time.Second)
	e.settle(bob, "bob at his seat", atTable, 20*time.Second)

	const told = `(document.getElementById("unrated")?.textContent ?? "") === "The game was aborted before its first stroke: not rated." && document.querySelector("#match-over h2")?.textContent === "Game aborted"`
	e.waitFor(ann, "the abort told to ann", told, 40*time.Second)
	e.waitFor(bob, "the abort told to bob", told, 10*time.Second)
	var where string
	e.run(ann, chromedp.Evaluate(`location.pathname + location.search`, &where))
	path, seat, _ := strings.Cut(where, "?seat=")
	var rec struct {
		Table struct {
			Result struct {
				Aborted bool `json:"aborted"`
				Left    int  `json:"left"`
			} `json:"result"`
		} `json:"table"`
	}
	getJSON(t, e.base+"/api/tables/"+strings.TrimPrefix(path, "/t/"), &rec)
	if !rec.Table.Result.Aborted {
		t.Fatalf("the table's result: %+v; want aborted", rec.Table.Result)
	}
	breaker, other := ann, bob
	if seat != fmt.Sprint(rec.Table.Result.Left) {
		breaker, other = bob, ann
	}
	e.run(breaker, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-pool", chromedp.ByID))
	// Rated is ticked once the page knows him signed in.
	e.waitFor(breaker, "Rated offered", `!!document.getElementById("pool-rated")?.checked`, 10*time.Second)
	e.run(breaker, chromedp.Click("#play-pool", chromedp.ByID))
	e.waitFor(breaker, "the playban said", `(document.querySelector("#quick-pairing .error")?.textContent ?? "").startsWith("You left 3 rated games before their first stroke in the last 24 hours: you can play rated again in 10 minutes.")`, 10*time.Second)
	e.poolPlay(other)

	// The replay ends on the same words, and the profile lists the match
	// aborted, neither won nor lost.
	id := strings.TrimPrefix(path, "/t/")
	e.run(other, chromedp.Navigate(e.base+"/replay/"+id), chromedp.WaitVisible(`button[title="end"]`, chromedp.ByQuery), chromedp.Click(`button[title="end"]`, chromedp.ByQuery))
	e.waitFor(other, "the replay's end", `document.getElementById("unrated")?.textContent === "The game was aborted before its first stroke: not rated."`, 10*time.Second)
	e.run(other, chromedp.Navigate(e.base+"/u/ann"))
	e.waitFor(other, "ann's profile", `[...document.querySelectorAll("td.result")].some((td) => td.textContent === "aborted before its first stroke: not rated")`, 10*time.Second)
}

// firstStroke has the pages of the players of table id play until an
// action is stored: the break, played by whichever is to play it.
func (e *env) firstStroke(id string, players ...context.Context) {
	t := e.t
	t.Helper()
	rng := rand.New(rand.NewPCG(27, 1))
	for end := time.Now().Add(60 * time.Second); serverSeq(t, e.base, id) < 1; {
		if time.Now().After(end) {
			t.Fatal("no stroke played at the table in 60 s")
		}
		acted := false
		for _, p := range players {
			before := e.seq(p)
			if e.playMine(p, rng, false) {
				acted = true
				e.waitFor(p, "the stroke accepted", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
			}
		}
		if !acted {
			time.Sleep(150 * time.Millisecond)
		}
	}
}
