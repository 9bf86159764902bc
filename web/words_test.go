package web_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestRulingsNameYou (issue 27, item 11): the rulings name the player of
// this browser "you" within a sentence ("the turn passes to you", not
// "to You"), and "You" after a reload as before it (not his seat's name,
// the history being read before the server gives the seat back); other
// players' names are shown as they wrote them, never capitalised.
func TestRulingsNameYou(t *testing.T) {
	e := newEnv(t)
	p := e.tab()
	url := e.playBeginner(p, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"),
		chromedp.Evaluate(`localStorage.setItem("carrom-nickname", "asha")`, nil))
	id := strings.TrimSuffix(url[strings.Index(url, "/t/")+3:], "?seat=0")
	e.waitFor(p, "my stroke", myStroke, 60*time.Second)

	// Play until a stroke of the computer passes the turn back.
	passed := `[...document.querySelectorAll("#moves li")].some((li) => li.textContent.startsWith("Computer") && li.dataset.ruling.toLowerCase().includes("the turn passes to"))`
	rng := rand.New(rand.NewPCG(3, 4))
	for end := time.Now().Add(120 * time.Second); ; {
		var ok bool
		e.run(p, chromedp.Evaluate(passed, &ok))
		if ok {
			break
		}
		if time.Now().After(end) {
			t.Fatal("no stroke of the computer passed the turn in 120 s")
		}
		if !e.playMine(p, rng, false) {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		time.Sleep(300 * time.Millisecond)
	}
	e.waitFor(p, "the stroke to end", `!document.getElementById("board").dataset.busy`, 30*time.Second)
	var moves [][2]string
	read := `[...document.querySelectorAll("#moves li")].map((li) => [li.textContent, li.dataset.ruling])`
	e.run(p, chromedp.Evaluate(read, &moves))
	for _, m := range moves {
		if strings.HasPrefix(m[0], "Computer") && strings.Contains(strings.ToLower(m[1]), "the turn passes to") && !strings.Contains(m[1], "the turn passes to you") {
			t.Errorf("the computer's stroke reads %q; want the turn passing to you", m[1])
		}
		if strings.Contains(m[1], " You") {
			t.Errorf("a ruling reads %q: You within a sentence", m[1])
		}
	}

	// A spectator reads the player's name as he wrote it.
	s := e.tab()
	e.run(s, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/t/"+id), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(s, "the history", `document.querySelectorAll("#moves li").length >= `+strconv.Itoa(len(moves)), 20*time.Second)
	var seen [][2]string
	e.run(s, chromedp.Evaluate(read, &seen))
	for _, m := range seen {
		if strings.HasPrefix(m[0], "asha:") && !strings.HasPrefix(m[1], "asha ") {
			t.Errorf("to a spectator asha's stroke reads %q; want it to begin with asha as she wrote it", m[1])
		}
	}

	// After a reload, the player is still "you".
	e.run(p, chromedp.Reload(), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(p, "the seat given back", `!!document.querySelector('.seats [data-seat="0"]')?.textContent.includes("(you)") && document.querySelectorAll("#moves li").length >= `+strconv.Itoa(len(moves))+` && !!document.querySelector("#ruling .words")`, 20*time.Second)
	var again [][2]string
	e.run(p, chromedp.Evaluate(read, &again))
	for _, m := range again {
		if strings.HasPrefix(m[0], "asha:") && !strings.HasPrefix(m[1], "You ") {
			t.Errorf("after a reload the player's stroke reads %q; want it to begin with You", m[1])
		}
		if strings.Contains(m[1], "asha") {
			t.Errorf("after a reload a ruling reads %q; want the player named you", m[1])
		}
	}
	if r := e.text(p, "#ruling .words"); strings.Contains(r, "asha") {
		t.Errorf("after a reload the ruling on show reads %q; want the player named you", r)
	}
}

// TestNoStaleRuling (issue 27, item 11): in Practice, Undo takes back the
// ruling of the stroke undone, and a solo challenge starts with none on
// show from before it.
func TestNoStaleRuling(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/practice"), chromedp.WaitVisible("#solo-start", chromedp.ByID))
	e.waitFor(ctx, "the practice board", `!!document.getElementById("board").dataset.position`, 10*time.Second)
	stroke := func(n int) {
		t.Helper()
		e.waitFor(ctx, "the striker", myStroke, 10*time.Second)
		x, y, _ := e.striker(ctx)
		e.run(ctx, pull(x, y, 0, 110), release(x, y+110))
		e.waitFor(ctx, "the stroke played", `document.getElementById("board").dataset.strokes === "`+strconv.Itoa(n)+`" && !document.getElementById("board").dataset.busy`, 30*time.Second)
		e.waitFor(ctx, "its ruling", `!!document.querySelector("#ruling .words")`, 5*time.Second)
	}
	stroke(1)
	e.run(ctx, chromedp.Click("#undo", chromedp.ByID))
	e.waitFor(ctx, "the stroke undone", `document.getElementById("board").dataset.undone === "1"`, 5*time.Second)
	if r := e.text(ctx, "#ruling"); r != "" {
		t.Errorf("after Undo the ruling reads %q; want none", r)
	}
	stroke(2)
	// The player plays every seat in practice: "you" within a sentence.
	if r := e.text(ctx, "#ruling .words"); strings.Contains(r, " You") {
		t.Errorf("in practice the ruling reads %q: You within a sentence", r)
	}
	e.run(ctx, chromedp.Click("#solo-start", chromedp.ByID))
	e.waitFor(ctx, "the clearance set up", `(document.getElementById("board").dataset.position ?? "").startsWith("solo 1 | turn 0 stroke | ") && !!document.getElementById("solo-clock")`, 10*time.Second)
	if r := e.text(ctx, "#ruling"); r != "" {
		t.Errorf("at the start of the solo challenge the ruling reads %q; want none", r)
	}
}
