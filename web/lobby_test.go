package web_test

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// TestLobbyPictures: each mode's card shows a board, and a
// table in play shows its board live: two computers play on, and the
// lobby's thumbnail follows without a reload.
func TestLobbyPictures(t *testing.T) {
	// Paced, so that the match is still in play while the lobby watches.
	e := newEnvWith(t, func(c *server.Config) { c.Pace = 300 * time.Millisecond })
	ctx := e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"computer","level":"beginner"},{"kind":"computer","level":"beginner"}],"seed":5}`)
	e.watch(id)
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"))
	e.waitFor(ctx, "the cards' pictures", `[...document.querySelectorAll(".card canvas.thumb")].filter((c) => c.dataset.pieces).length === 4`, 10*time.Second)
	sel := fmt.Sprintf(`document.querySelector('a[href="/t/%s"]')?.closest("tr")?.querySelector("canvas.thumb")`, id)
	e.waitFor(ctx, "the table's live picture", sel+`?.dataset.seq !== undefined`, 10*time.Second)
	var first int
	e.run(ctx, chromedp.Evaluate(`+`+sel+`.dataset.seq`, &first))
	e.waitFor(ctx, "the live picture to follow the play", fmt.Sprintf(`+%s.dataset.seq > %d`, sel, first), 20*time.Second)
	e.shot(ctx, "lobby", "screenshot-lobby.png")
}

// TestLobbyCards at 1280×800: the cards' buttons stand level, each label
// is on the line of its menu, and no two cards show the same picture.
func TestLobbyCards(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"))
	e.waitFor(ctx, "the cards' pictures", `[...document.querySelectorAll(".card canvas.thumb")].filter((c) => c.dataset.pieces).length === 4`, 10*time.Second)
	var r struct {
		Buttons  [][2]float64
		Apart    []string
		Pictures int
	}
	e.run(ctx, chromedp.Evaluate(`(() => {
		const buttons = ["play-computer", "play-hotseat", "play-online", "practice-card"].map((id) => { const b = document.getElementById(id).getBoundingClientRect(); return [b.top, b.bottom]; });
		const apart = [...document.querySelectorAll(".cards label")].filter((l) => {
			const c = l.querySelector("select, input"), range = document.createRange();
			range.selectNodeContents(l.firstChild);
			const a = range.getBoundingClientRect(), b = c.getBoundingClientRect(), mid = (a.top + a.bottom) / 2;
			return mid < b.top || mid > b.bottom;
		}).map((l) => l.textContent.trim().slice(0, 20));
		const pictures = new Set([...document.querySelectorAll(".card canvas.thumb")].map((c) => c.toDataURL())).size;
		return {buttons, apart, pictures};
	})()`, &r))
	for _, b := range r.Buttons[1:] {
		if math.Abs(b[0]-r.Buttons[0][0]) > 2 || math.Abs(b[1]-r.Buttons[0][1]) > 2 {
			t.Errorf("the cards' buttons stand at %v (top, bottom); want them level", r.Buttons)
			break
		}
	}
	if len(r.Apart) > 0 {
		t.Errorf("labels off the line of their menu: %q", r.Apart)
	}
	if r.Pictures != 4 {
		t.Errorf("the four cards show %d different pictures; want 4", r.Pictures)
	}
	e.shot(ctx, "lobby-cards")
}
