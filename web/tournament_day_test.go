package web_test

import (
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// shiftedClock is the wall clock moved on by the test.
type shiftedClock struct {
	mu sync.Mutex
	by time.Duration
}

func (c *shiftedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.by)
}

func (c *shiftedClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

func (c *shiftedClock) shift(d time.Duration) {
	c.mu.Lock()
	c.by += d
	c.mu.Unlock()
}

// TestTournamentHallClock: the organiser starts the round's clock from the
// tournament's page and opens the round's scoresheets, whose printed
// scorecards carry each its sheet's QR code; the hall screen, /tournaments/{id}/clock, open in a
// browser that is not signed in, shows the round and the time left, then
// the warning in the round's last 5 minutes and the end at the bell, as
// the server's clock moves on (it reads the time left again by itself).
func TestTournamentHallClock(t *testing.T) {
	clock := &shiftedClock{}
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts); c.Clock = clock })
	org, hall := e.tab(), e.tab()
	e.run(org, chromedp.EmulateViewport(1280, 900))
	e.signUp(org, "org", "org's password")
	e.run(org, chromedp.Navigate(e.base+"/tournaments"), chromedp.WaitVisible("#tournament-new", chromedp.ByID),
		chromedp.SendKeys("#t-name", "Hall open", chromedp.ByID), chromedp.SetValue("#t-rounds", "1", chromedp.ByID),
		chromedp.Click("#t-create", chromedp.ByID))
	e.settle(org, "the tournament's page", `location.pathname.startsWith("/tournaments/") && document.getElementById("register") != null`, 30*time.Second)
	var path string
	e.run(org, chromedp.Evaluate(`location.pathname`, &path))
	for i, name := range []string{"Ann", "Bob"} {
		e.run(org, chromedp.SendKeys("#reg-name", name, chromedp.ByID), chromedp.Click("#reg-add", chromedp.ByID))
		e.waitFor(org, name+" registered", `document.querySelectorAll("#t-players tr[data-num]").length === `+strconv.Itoa(i+1), 30*time.Second)
	}
	e.run(hall, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(e.base+path+"/clock"))
	e.waitFor(hall, "the hall screen before the clock", `document.getElementById("hall-note")?.textContent.includes("not started")`, 30*time.Second)

	e.run(org, chromedp.Click("#pair-next", chromedp.ByID))
	e.waitFor(org, "the clock's form", `document.getElementById("clock-start") != null`, 30*time.Second)
	e.run(org, chromedp.Click(`button[data-sheets="1"]`, chromedp.ByQuery))
	e.waitFor(org, "the scorecard's QR code", `[...document.querySelectorAll(".t-card-qr")].some((i) => i.complete && i.naturalWidth === 256)`, 30*time.Second)
	var printed struct{ QR, Cards int }
	e.run(org, chromedp.Evaluate(`document.body.dataset.print = "scorecards"`, nil), emulation.SetEmulatedMedia().WithMedia("print"),
		chromedp.Evaluate(`({QR: [...document.querySelectorAll(".t-card-qr")].filter((i) => i.getBoundingClientRect().width > 0).length, Cards: document.querySelectorAll(".t-card").length})`, &printed),
		emulation.SetEmulatedMedia().WithMedia(""))
	if printed.QR != 1 || printed.Cards != 1 {
		t.Errorf("the printed scorecards: %+v; want 1 card with its QR code", printed)
	}
	e.run(org, chromedp.Click("#clock-start", chromedp.ByID))
	e.waitFor(org, "the page's clock line", `document.getElementById("t-clock")?.textContent.includes("Round 1's clock: 4")`, 30*time.Second)
	e.waitFor(hall, "the hall's clock", `document.getElementById("hall-round")?.textContent === "Round 1" && /^4[45]:\d\d$/.test(document.getElementById("hall-time").textContent) && document.body.dataset.phase === "running"`, 30*time.Second)

	clock.shift(41 * time.Minute)
	e.waitFor(hall, "the warning", `document.body.dataset.phase === "warning" && /^[34]:\d\d$/.test(document.getElementById("hall-time").textContent)`, 30*time.Second)
	var note string
	e.run(hall, chromedp.Text("#hall-note", &note, chromedp.ByID))
	if !strings.Contains(note, "Warning: 5 minutes") {
		t.Errorf("the hall's note in the warning: %q", note)
	}
	clock.shift(5 * time.Minute)
	e.waitFor(hall, "the bell", `document.body.dataset.phase === "over" && document.getElementById("hall-time").textContent === "0:00"`, 30*time.Second)
	var size float64
	e.run(hall, chromedp.Evaluate(`parseFloat(getComputedStyle(document.getElementById("hall-time")).fontSize)`, &size))
	if size < 200 {
		t.Errorf("the hall's time is %.0f px high on a 1080-pixel screen; want it readable from afar (200 or more)", size)
	}
}

// TestTournamentDoublesInTheBrowser: an organiser creates a tournament of
// doubles and registers pairs of guests with the page's partner fields;
// the pairs are named "Eve & Flo" in the players' list and the pairings.
func TestTournamentDoublesInTheBrowser(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	org := e.tab()
	e.run(org, chromedp.EmulateViewport(1280, 900))
	e.signUp(org, "org", "org's password")
	e.run(org, chromedp.Navigate(e.base+"/tournaments"), chromedp.WaitVisible("#tournament-new", chromedp.ByID),
		chromedp.SendKeys("#t-name", "Pairs night", chromedp.ByID), chromedp.SetValue("#t-rounds", "1", chromedp.ByID),
		chromedp.SetValue("#t-format", "doubles", chromedp.ByID), chromedp.Click("#t-create", chromedp.ByID))
	e.settle(org, "the tournament's page", `document.getElementById("reg-partner-name") != null`, 30*time.Second)
	for i, pair := range [][2]string{{"Eve", "Flo"}, {"Gus", "Hal"}} {
		e.run(org, chromedp.SendKeys("#reg-name", pair[0], chromedp.ByID), chromedp.SendKeys("#reg-partner-name", pair[1], chromedp.ByID),
			chromedp.Click("#reg-add", chromedp.ByID))
		e.waitFor(org, pair[0]+"'s pair registered", `document.querySelectorAll("#t-players tr[data-num]").length === `+strconv.Itoa(i+1), 30*time.Second)
	}
	e.run(org, chromedp.Click("#pair-next", chromedp.ByID))
	e.waitFor(org, "round 1 paired", `document.querySelector('section[data-round="1"] tr[data-board="1"]') != null`, 30*time.Second)
	var got struct{ Players, A, B, Head string }
	e.run(org, chromedp.Evaluate(`({Players: document.getElementById("t-players").textContent, A: document.querySelector('tr[data-board="1"] .t-a').textContent,
		B: document.querySelector('tr[data-board="1"] .t-b').textContent, Head: document.getElementById("t-head").textContent})`, &got))
	// The first round of unrated entrants is drawn from the tournament's
	// seed, so either pair may be first on the board.
	match := got.A+" v "+got.B == "Eve & Flo v Gus & Hal" || got.A+" v "+got.B == "Gus & Hal v Eve & Flo"
	if !strings.Contains(got.Players, "Eve & Flo") || !strings.Contains(got.Players, "Gus & Hal") || !match || !strings.Contains(got.Head, "doubles") {
		t.Errorf("the pairs on the page: %+v; want Eve & Flo against Gus & Hal, a tournament of doubles", got)
	}
}
