package web_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// watchPace records, every 50 ms, the strokes the page animates (by the
// sequence number of the state each was played in) and the statuses it
// shows; and, while the computer is to play, the ruling on show with the
// move it belongs to.
const watchPace = `window.pace = {strokes: new Set(), statuses: new Set(), read: []};
setInterval(() => {
	const c = document.getElementById("board"), status = document.getElementById("status").textContent;
	if (!c) return;
	if (c.dataset.busy) window.pace.strokes.add(c.dataset.seq);
	window.pace.statuses.add(status);
	const w = document.querySelector("#ruling .words");
	if (!c.dataset.busy && status.startsWith("Computer's turn") && w && w.dataset.seq === c.dataset.seq) {
		const li = [...document.querySelectorAll("#moves li")].find((li) => String(li.value) === c.dataset.seq);
		window.pace.read.push({Seq: +c.dataset.seq, Move: li ? li.textContent : "", Words: w.textContent});
	}
}, 50);`

// TestComputerPacing: with the server's pause (carrom serve's default), a
// spectator of two computers sees their strokes one by one, each
// animated, with "Computer's turn" between them rather than the match
// rushing to its end; and a player's ruling stays on show while the
// computer is to reply.
func TestComputerPacing(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Pace = 1200 * time.Millisecond })

	spectator := e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"seats":[{"kind":"computer","level":"beginner"},{"kind":"computer","level":"beginner"}],"seed":3}`)
	e.run(spectator, chromedp.Navigate(e.base+"/t/"+id), chromedp.WaitVisible("#board", chromedp.ByID), chromedp.Evaluate(watchPace, nil))
	e.waitFor(spectator, "three strokes animated", `window.pace.strokes.size >= 3`, 90*time.Second)
	var seen struct {
		Strokes  []string
		Statuses []string
	}
	e.run(spectator, chromedp.Evaluate(`({Strokes: [...window.pace.strokes], Statuses: [...window.pace.statuses]})`, &seen))
	var turn, stroke bool
	for _, s := range seen.Statuses {
		turn = turn || strings.HasPrefix(s, "Computer's turn")
		stroke = stroke || strings.HasPrefix(s, "Computer's stroke")
		if s == "…" || strings.HasPrefix(s, "Match over") || strings.HasPrefix(s, "The match is over") {
			t.Errorf("the spectator saw the status %q; want every stroke named and the match still on", s)
		}
	}
	if !turn || !stroke {
		t.Errorf("the spectator's statuses %q; want \"Computer's turn\" and \"Computer's stroke\"", seen.Statuses)
	}
	// The server is not ahead of what the spectator has seen: the page
	// animates the strokes as they are played, not a backlog of them.
	last := 0
	for _, s := range seen.Strokes {
		var n int
		fmt.Sscan(s, &n)
		last = max(last, n)
	}
	if at := serverSeq(t, e.base, id); at > int64(last)+3 {
		t.Errorf("the server is at action %d when the spectator has animated the stroke after action %d; want it a stroke ahead at most", at, last)
	}
	t.Logf("the spectator saw the strokes played at %v animated", seen.Strokes)

	// A player against the computer: once his stroke has ended and the
	// computer is to play, his stroke's ruling is what the page shows.
	ctx := e.tab()
	e.playBeginner(ctx)
	e.run(ctx, chromedp.Evaluate(watchPace, nil))
	rng := rand.New(rand.NewPCG(5, 6))
	type reading struct {
		Seq         int
		Move, Words string
	}
	mine := func() (reading, bool) {
		var read []reading
		e.run(ctx, chromedp.Evaluate(`window.pace.read`, &read))
		for _, r := range read {
			if r.Move != "" && !strings.HasPrefix(r.Move, "Computer") && !strings.HasPrefix(r.Move, "toss") {
				return r, true
			}
		}
		return reading{}, false
	}
	deadline := time.Now().Add(90 * time.Second)
	for {
		if r, ok := mine(); ok {
			if r.Words == "" {
				t.Errorf("no ruling shown for the player's move %d (%q) while the computer was to play", r.Seq, r.Move)
			}
			t.Logf("while the computer was to play, the page showed move %d %q: %q", r.Seq, r.Move, r.Words)
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the player's ruling was never on show while the computer was to play")
		}
		if !e.playMine(ctx, rng, false) {
			time.Sleep(200 * time.Millisecond)
		}
	}
}
