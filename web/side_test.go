package web_test

import (
	"context"
	"math/rand/v2"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
)

// nestedScrolls lists the boxes of the table's page that scroll (their
// content is taller than they are) inside another that scrolls.
const nestedScrolls = `(() => {
  const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1;
  const name = (el) => el.id || el.className || el.tagName;
  const out = [];
  for (const el of document.querySelectorAll(".play *")) {
    if (!scrolls(el)) continue;
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (scrolls(up)) { out.push(name(el) + " inside " + name(up)); break; }
    }
  }
  return out;
})()`

// TestSideColumnScrollsOnce: at 1280×800, the player of a table with a
// long move list has one scrollbar in the side column, the move list's,
// not one in another.
func TestSideColumnScrollsOnce(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}]}`)
	c, err := servertest.NewClient(ctx, e.base)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := c.Connect(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	for seat, name := range []string{"ann", "bob"} {
		if err := ws.Send(ctx, protocol.Sit(seat, name)); err != nil {
			t.Fatal(err)
		}
	}
	// One browser holds both seats and plays 40 actions, fast, over the API.
	rng := rand.New(rand.NewPCG(3, 4))
	rctx, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	var last int64 = -1
	var latest *protocol.GameState
	for last < 40 {
		m, err := ws.Read(rctx)
		if err != nil {
			t.Fatalf("after action %d: %v", last, err)
		}
		if m.Type == protocol.TypeError && latest != nil {
			// A move refused (the server takes at most 20 messages a
			// second from a connection): make it again, later.
			t.Logf("after action %d: %s", last, m.Error)
			time.Sleep(500 * time.Millisecond)
			if err := ws.Send(rctx, servertest.Move(latest, rng)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if m.State == nil || !m.State.Started || m.State.Over || m.Seq <= last {
			continue
		}
		last, latest = m.Seq, m.State
		// Within the server's 20 messages a second, as a browser is.
		time.Sleep(60 * time.Millisecond)
		if err := ws.Send(rctx, servertest.Move(m.State, rng)); err != nil {
			t.Fatal(err)
		}
	}

	// The browser is the same player: the client's identity cookie.
	page := e.tab()
	u, err := url.Parse(e.base)
	if err != nil {
		t.Fatal(err)
	}
	for _, ck := range c.HTTP().Jar.Cookies(u) {
		e.run(page, network.SetCookie(ck.Name, ck.Value).WithURL(e.base))
	}
	e.run(page, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/t/"+id), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(page, "both seats held", `document.querySelectorAll(".seats [data-seat]")[1]?.textContent.includes("(you)")`, 20*time.Second)
	e.waitFor(page, "the move list", `document.querySelectorAll("#moves li").length >= 30`, 20*time.Second)
	var nested []string
	e.run(page, chromedp.Evaluate(nestedScrolls, &nested))
	if len(nested) > 0 {
		t.Errorf("at 1280×800 a box scrolls inside another: %q; want one scrollbar", nested)
	}
	var listScrolls bool
	e.run(page, chromedp.Evaluate(`(() => { const l = document.getElementById("moves"); return l.scrollHeight > l.clientHeight + 1 && l.scrollTop > 0; })()`, &listScrolls))
	if !listScrolls {
		t.Error("the long move list does not scroll to its last move")
	}
}
