package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
)

// TestSeatsMessage (issue 31, item 10): the page keeps the seats and the
// spectator count from the server's seats messages, which a join or a
// leave sends instead of the whole state: a spectator joining shows in the
// count, a player leaving shows away.
func TestSeatsMessage(t *testing.T) {
	e := newEnv(t)
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}],"seed":3}`)
	page := e.tab()
	e.run(page, chromedp.Navigate(e.base+"/t/"+id))
	e.waitFor(page, "the board", `!!document.getElementById("board").dataset.seq`, 10*time.Second)

	bob, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(e.base, "http")+"/ws/"+id, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer bob.CloseNow()
	go func() {
		for {
			if _, _, err := bob.Read(context.Background()); err != nil {
				return
			}
		}
	}()
	if err := bob.Write(context.Background(), websocket.MessageText, []byte(`{"v":1,"type":"sit","seat":1,"nickname":"Bob"}`)); err != nil {
		t.Fatal(err)
	}
	e.waitFor(page, "Bob seated", `document.querySelector('.seats [data-seat="1"]')?.textContent.includes("Bob")`, 10*time.Second)

	e.watch(id)
	e.waitFor(page, "two watching (the page and the new spectator)", `document.getElementById("spectators")?.textContent === "2 watching"`, 10*time.Second)
	bob.Close(websocket.StatusNormalClosure, "")
	e.waitFor(page, "Bob away", `document.querySelector('.seats [data-seat="1"]')?.textContent.includes("Bob · away")`, 10*time.Second)
}
