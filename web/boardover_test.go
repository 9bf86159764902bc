package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBoardOverSaysWhy (issue 27, item 10): at 1280×800, the box at the
// end of a board says why it ended and how its points were counted, names
// the colours of the next board as the next board's, and the score behind
// it is the one the box gives, while the board that ended stays on show.
func TestBoardOverSaysWhy(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800))
	e.playBeginner(ctx)
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	before := e.seq(ctx)
	e.concede(ctx, "board")
	e.waitFor(ctx, "the board's summary", `!!document.getElementById("summary")`, 10*time.Second)
	e.shot(ctx, "board-over")
	why := strings.Join(strings.Fields(e.text(ctx, "#summary .why")), " ")
	if want := "You conceded the board (G-4): the board goes to Computer (beginner), 12 points: 9 c/m left + queen 3 = 12."; why != want {
		t.Errorf("the box says %q; want %q", why, want)
	}
	if got := e.text(ctx, "#summary-colour"); !strings.HasSuffix(strings.TrimSpace(got), "in the next board.") || strings.Contains(got, "this board") {
		t.Errorf("the colours: %q; want them for the next board", got)
	}
	if got := e.seq(ctx); got != before {
		t.Errorf("under the box the board shows action %d; want the board that ended (%d)", got, before)
	}
	score := e.text(ctx, "#summary-score")
	points, bar := e.text(ctx, "#points"), strings.Join(strings.Fields(e.text(ctx, "#scorebar")), " ")
	if !strings.Contains(score, "0 – 12") || points != "Game 1: 0 – 12 points" || !strings.Contains(bar, "Computer (beginner) 12") {
		t.Errorf("the box's score %q, behind it %q and %q; want one score, 0 – 12", score, points, bar)
	}
	e.run(ctx, chromedp.Click("#next-board", chromedp.ByID))
	e.waitFor(ctx, "the next board", fmt.Sprintf(`!document.getElementById("summary") && +document.getElementById("board").dataset.seq > %d`, before), 10*time.Second)
	if got := e.text(ctx, "#points"); got != "Game 1: 0 – 12 points" {
		t.Errorf("on the next board the score reads %q; want 0 – 12", got)
	}
}

// TestUmpireBoardEndWords (issue 27, item 10): a board won because the
// opponent pocketed his last c/m with the queen still on the board says
// so, and why it scores 3 (RULES SP-8), where it said "3 points." alone.
func TestUmpireBoardEndWords(t *testing.T) {
	e := newEnv(t)
	ctx, _, enter := e.umpireSheet(t)
	enter("u-white-plus")
	var taps []string
	for range 8 {
		taps = append(taps, "u-white-plus")
	}
	enter(taps...)
	e.waitFor(ctx, "the board's result", `!!document.getElementById("u-sign")`, 10*time.Second)
	e.shot(ctx, "umpire-sp8")
	want := "Asha pocketed the last white c/m with the queen still on the board (SP-8): the board goes to Ravi, 3 points, as this ending always scores 3, or 1 once the winner has over 21."
	if got := e.text(ctx, "#u-why"); got != want {
		t.Errorf("the board's end reads %q; want %q", got, want)
	}
	// The ruling, as the table's ruling panel words it, says so too (its
	// rule IDs in the detail line).
	want = "Board to Ravi: 3 points (Asha pocketed the last white c/m with the queen still on the board, an ending that always scores 3, or 1 once the winner has over 21)."
	if got := e.text(ctx, "#u-ruling p"); !strings.Contains(got, want) {
		t.Errorf("the ruling reads %q; want it to say %q", got, want)
	}
}
