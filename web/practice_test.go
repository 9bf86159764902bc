package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/record"
)

// practiceBoard is the practice canvas's place on the page and the board's
// scale there, to turn board coordinates into the pixels a mouse presses.
type practiceBoard struct{ left, top, px, extent float64 }

func (e *env) practiceBoard(ctx context.Context) practiceBoard {
	e.t.Helper()
	var r []float64
	e.run(ctx, chromedp.Evaluate(`(() => { const b = document.getElementById("board").getBoundingClientRect(); return [b.left, b.top, b.width]; })()`, &r))
	sp := board.Standard()
	return practiceBoard{r[0], r[1], r[2], sp.Half() + sp.FrameBreadth}
}

// screen is p on the page, with seat 0's side at the bottom (render.ts's
// toCSS for view 0).
func (b practiceBoard) screen(p board.Vec) (x, y float64) {
	k := b.px / (2 * b.extent)
	return b.left + b.px/2 + p.X*k, b.top + b.px/2 - p.Y*k
}

// metresPerPixel is one CSS pixel on the board, in metres.
func (b practiceBoard) metresPerPixel() float64 { return 2 * b.extent / b.px }

// pagePosition is the position string the practice board shows (the last
// one the server answered).
func (e *env) pagePosition(ctx context.Context) string {
	e.t.Helper()
	var pos string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("board").dataset.position ?? ""`, &pos))
	return pos
}

func (e *env) parsePosition(pos string) game.Setup {
	e.t.Helper()
	s, err := record.ParsePosition(pos)
	if err != nil {
		e.t.Fatalf("the page's position %q: %v", pos, err)
	}
	return s
}

// drag presses at from, moves in steps to to and lets go, as a mouse does.
func drag(b practiceBoard, from, to board.Vec) chromedp.Action {
	x0, y0 := b.screen(from)
	x1, y1 := b.screen(to)
	return chromedp.Tasks{pull(x0, y0, x1-x0, y1-y0), release(x1, y1)}
}

// TestDragInPractice moves a c/m of the opening position by hand with real
// mouse events: the server takes the position, which has the c/m where it
// was let go (to the pixel) and every other piece where it was; the server
// answers the page's position string with itself. A c/m let go on another
// is refused with the server's reason and the position stays; Undo brings
// the opening back.
func TestDragInPractice(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/practice"), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(ctx, "the practice board", `!!document.getElementById("board").dataset.position`, 10*time.Second)
	start := e.pagePosition(ctx)
	before := e.parsePosition(start)
	b := e.practiceBoard(ctx)

	// The c/m farthest up the board, on the outside of the pack.
	var coin board.Piece
	for _, p := range before.Pieces {
		if p.Kind != board.Queen && (coin.ID == "" || p.Pos.Y > coin.Pos.Y) {
			coin = p
		}
	}
	to := board.Vec{X: 0.2, Y: 0.05}
	e.run(ctx, chromedp.Click("#edit", chromedp.ByID), drag(b, coin.Pos, to))
	e.waitFor(ctx, "the position after the drag", fmt.Sprintf(`document.getElementById("board").dataset.position !== %q`, start), 10*time.Second)
	moved := e.pagePosition(ctx)
	var requests int
	e.run(ctx, chromedp.Evaluate(`performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/practice")).length`, &requests))
	if requests != 2 {
		t.Errorf("%d practice requests for the opening and one drag; want 2", requests)
	}
	after := e.parsePosition(moved)
	if len(after.Pieces) != len(before.Pieces) {
		t.Fatalf("%d pieces after the drag; want the %d before", len(after.Pieces), len(before.Pieces))
	}
	for i, p := range after.Pieces {
		q := before.Pieces[i]
		if p.ID != q.ID || p.Kind != q.Kind {
			t.Fatalf("piece %d is %s after the drag; want %s", i, p.ID, q.ID)
		}
		if p.ID != coin.ID && p.Pos != q.Pos {
			t.Errorf("%s moved from %v to %v; only %s was dragged", p.ID, q.Pos, p.Pos, coin.ID)
		}
		// Where the mouse let go, to within a pixel (the page turns pixels
		// into metres, and the mouse lands on whole pixels).
		if d := p.Pos.Sub(to).Len(); p.ID == coin.ID && d > b.metresPerPixel() {
			t.Errorf("%s is at %v after the drag, %.2f px from where it was let go (%v)", p.ID, p.Pos, d/b.metresPerPixel(), to)
		}
	}
	t.Logf("%s dragged from %v to %v (a pixel is %.2f mm)", coin.ID, coin.Pos, to, b.metresPerPixel()*1000)

	// The server's word on the page's position: it is a table, written the same.
	body, _ := json.Marshal(map[string]string{"position": moved})
	resp, err := http.Post(e.base+"/api/practice", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	var back struct{ Position string }
	err = json.NewDecoder(resp.Body).Decode(&back)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || back.Position != moved {
		t.Errorf("the server read the page's position back as %q (status %d, %v); want it unchanged:\n%s", back.Position, resp.StatusCode, err, moved)
	}

	// Onto the queen: refused, with the reason, and nothing moves.
	var queen board.Vec
	for _, p := range after.Pieces {
		if p.Kind == board.Queen {
			queen = p.Pos
		}
	}
	e.run(ctx, drag(b, to, queen))
	e.waitFor(ctx, "the refusal", `document.getElementById("error").textContent !== ""`, 10*time.Second)
	var msg string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("error").textContent`, &msg))
	if got := e.pagePosition(ctx); got != moved {
		t.Errorf("after a c/m let go on the queen the position is\n%s\nwant it unchanged:\n%s", got, moved)
	}
	if !strings.Contains(msg, "overlaps") {
		t.Errorf("a c/m let go on the queen reads %q; want the server's reason (it overlaps)", msg)
	}
	t.Logf("a c/m let go on the queen: %q", msg)

	// Undo: the opening again.
	e.run(ctx, chromedp.Click("#undo", chromedp.ByID))
	e.waitFor(ctx, "the undo", fmt.Sprintf(`document.getElementById("board").dataset.position === %q`, start), 5*time.Second)
}

// TestSoloChallenge plays the solo clearance against the clock in
// practice: the server starts it from the break (a solo position), the
// clock runs, a stroke dragged with the mouse counts; undo and moving
// pieces wait while it runs. Abandoned, it keeps nothing: the best
// clearance this browser made before (kept in localStorage) is still the
// one shown, after a reload too.
func TestSoloChallenge(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	text := func(id string) string {
		t.Helper()
		var s string
		e.run(ctx, chromedp.Evaluate(`document.getElementById("`+id+`")?.textContent ?? ""`, &s))
		return s
	}
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/practice"), chromedp.WaitVisible("#solo-start", chromedp.ByID))
	if got := text("solo-best"); got != "Best: none yet" {
		t.Errorf("before any clearance the best reads %q; want none yet", got)
	}
	// A clearance made earlier in this browser.
	e.run(ctx, chromedp.Evaluate(`localStorage.setItem("carrom-solo-best", JSON.stringify({ms: 754300, strokes: 31}))`, nil),
		chromedp.Reload(), chromedp.WaitVisible("#solo-start", chromedp.ByID))
	const earlier = "Best: 754.3 s in 31 strokes"
	if got := text("solo-best"); got != earlier {
		t.Errorf("with a clearance kept the best reads %q; want %q", got, earlier)
	}
	e.waitFor(ctx, "the practice board", `!!document.getElementById("board").dataset.position`, 10*time.Second)

	e.run(ctx, chromedp.Click("#solo-start", chromedp.ByID))
	e.waitFor(ctx, "the clearance set up", `(document.getElementById("board").dataset.position ?? "").startsWith("solo 1 | turn 0 stroke | ")`, 10*time.Second)
	e.waitFor(ctx, "the clock", `!!document.getElementById("solo-clock")`, 5*time.Second)
	first := text("solo-clock")
	e.waitFor(ctx, "the clock running", fmt.Sprintf(`document.getElementById("solo-clock").textContent !== %q`, first), 5*time.Second)
	if got := text("solo-strokes"); got != "0 strokes" {
		t.Errorf("at the start the clearance counts %q; want 0 strokes", got)
	}
	var disabled []bool
	e.run(ctx, chromedp.Evaluate(`["undo", "edit", "hint", "set-position"].map((id) => document.getElementById(id).disabled)`, &disabled))
	for i, id := range []string{"undo", "edit", "hint", "set-position"} {
		if !disabled[i] {
			t.Errorf("#%s is enabled while the clearance runs; want it disabled", id)
		}
	}

	// The break, pulled with the mouse from the striker.
	e.waitFor(ctx, "the striker", myStroke, 10*time.Second)
	x, y, _ := e.striker(ctx)
	e.run(ctx, pull(x, y, 0, 110), release(x, y+110))
	e.waitFor(ctx, "the break played", `document.getElementById("board").dataset.strokes === "1" && !document.getElementById("board").dataset.busy`, 30*time.Second)
	// One request each: the opening, the clearance's break position, the
	// stroke (a canvas bound twice sent every stroke twice).
	var requests int
	e.run(ctx, chromedp.Evaluate(`performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/practice")).length`, &requests))
	if requests != 3 {
		t.Errorf("%d practice requests for the opening, the clearance and one stroke; want 3", requests)
	}
	if got := text("solo-strokes"); got != "1 stroke" {
		t.Errorf("after the break the clearance counts %q; want 1 stroke", got)
	}
	pos := e.pagePosition(ctx)
	s := e.parsePosition(pos)
	if !strings.HasPrefix(pos, "solo 1 | ") || !s.Match.Board.Broken {
		t.Errorf("after the break the position is %q; want a solo clearance, broken", pos)
	}
	e.shot(ctx, "solo")
	t.Logf("after the break: %s on the clock, %s; %d pieces pocketed", text("solo-clock"), text("solo-strokes"), len(s.Pocketed))

	e.run(ctx, chromedp.Click("#solo-abandon", chromedp.ByID))
	e.waitFor(ctx, "the clearance abandoned", `!!document.getElementById("solo-start") && (document.getElementById("board").dataset.position ?? "").startsWith("icf 2 | ")`, 10*time.Second)
	if got := text("solo-best"); got != earlier {
		t.Errorf("after an abandoned clearance the best reads %q; want the earlier %q", got, earlier)
	}
	e.run(ctx, chromedp.Reload(), chromedp.WaitVisible("#solo-best", chromedp.ByID))
	if got := text("solo-best"); got != earlier {
		t.Errorf("after a reload the best reads %q; want %q", got, earlier)
	}
}
