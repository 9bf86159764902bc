package web_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// TestLobbyPictures: each mode's card shows the board at the break, and a
// table in play shows its board live: two computers play on, and the
// lobby's thumbnail follows without a reload.
func TestLobbyPictures(t *testing.T) {
	// Paced, so that the match is still in play while the lobby watches.
	e := newEnvWith(t, func(c *server.Config) { c.Pace = 300 * time.Millisecond })
	ctx := e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"computer","level":"beginner"},{"kind":"computer","level":"beginner"}],"seed":5}`)
	e.watch(id)
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"))
	e.waitFor(ctx, "the cards' pictures", `[...document.querySelectorAll(".card canvas.thumb")].filter((c) => c.dataset.pieces === "19").length === 4`, 10*time.Second)
	sel := fmt.Sprintf(`document.querySelector('a[href="/t/%s"]')?.closest("tr")?.querySelector("canvas.thumb")`, id)
	e.waitFor(ctx, "the table's live picture", sel+`?.dataset.seq !== undefined`, 10*time.Second)
	var first int
	e.run(ctx, chromedp.Evaluate(`+`+sel+`.dataset.seq`, &first))
	e.waitFor(ctx, "the live picture to follow the play", fmt.Sprintf(`+%s.dataset.seq > %d`, sel, first), 20*time.Second)
	e.shot(ctx, "lobby")
}
