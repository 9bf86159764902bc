package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// TestCrossSiteLinkSeatsNobody reproduces the attack of a rated match
// lost by a player who never sat down: Mallory makes a rated table, sits
// at seat 0, and a page of another site (localhost, where the server is
// 127.0.0.1) sends Vic's signed-in browser to /t/ID?seat=1. The cookies
// ride the navigation (SameSite=Lax), so before the fix the page sat him
// by itself, and his leaving would have forfeited the rated match (RULES
// TM-3). Now the page only offers the seat: it is free until Vic clicks
// "Take seat 2", and then his, under his account's name.
func TestCrossSiteLinkSeatsNobody(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	ctx := context.Background()
	mallory, id := e.ratedTable(ctx, "mallory")

	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><title>Free prizes</title><script>location.href = %q;</script>`, e.base+"/t/"+id+"?seat=1")
	}))
	defer evil.Close()
	evilURL := strings.Replace(evil.URL, "127.0.0.1", "localhost", 1)

	vic := e.tab()
	e.signUp(vic, "vic", "vic's password")
	e.run(vic, chromedp.Navigate(evilURL))
	// The old page sat him as soon as it was welcomed; the new one offers.
	e.settle(vic, "the table's page", `location.pathname.startsWith("/t/") && !!document.getElementById("board") && document.querySelector('.seats [data-seat="0"]')?.textContent.includes("mallory") &&
		(!!document.getElementById("take-seat-1") || document.querySelector('.seats [data-seat="1"]').textContent.includes("(you)"))`, 20*time.Second)
	seat1 := func() (bool, string) {
		var got struct {
			Table struct {
				Seats []struct {
					Taken    bool
					Nickname string
				}
			}
		}
		if code, err := mallory.GetJSON(ctx, "/api/tables/"+id, &got); err != nil || code != http.StatusOK || len(got.Table.Seats) != 2 {
			t.Fatalf("GET /api/tables/%s: %d %v", id, code, err)
		}
		return got.Table.Seats[1].Taken, got.Table.Seats[1].Nickname
	}
	// A moment for a sit the page might still send.
	time.Sleep(time.Second)
	if taken, name := seat1(); taken {
		t.Fatalf("a page of another site sat %q at seat 2 of a rated match", name)
	}
	var offer string
	e.run(vic, chromedp.Text("#take-seats", &offer, chromedp.ByID))
	if !strings.Contains(offer, "rated match") || !strings.Contains(offer, "Take seat 2") {
		t.Errorf("the offer of the seat says %q; want it to say the match is rated, and a Take seat 2 button", offer)
	}
	e.run(vic, chromedp.Click("#take-seat-1", chromedp.ByID))
	e.waitFor(vic, "Vic at seat 2", `document.querySelector('.seats [data-seat="1"]')?.textContent.includes("vic (you)") && !document.getElementById("take-seats")`, 10*time.Second)
	if taken, name := seat1(); !taken || name != "vic" {
		t.Errorf("after Vic's click seat 2 is taken %v by %q; want Vic's, named vic", taken, name)
	}
}

// take takes the seats the page's address offers, with a click on each
// one's Take seat button, as a player does.
func (e *env) take(ctx context.Context, seats ...int) {
	e.t.Helper()
	for _, s := range seats {
		sel := fmt.Sprintf("#take-seat-%d", s)
		e.run(ctx, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Click(sel, chromedp.ByQuery))
		e.waitFor(ctx, fmt.Sprintf("seat %d taken", s+1), fmt.Sprintf(`!!document.querySelector('.seats [data-seat="%d"]')?.textContent.includes("(you)")`, s), 10*time.Second)
	}
}

// ratedTable signs name up from a client of his own, makes a rated ICF
// singles table and sits him at seat 0, over a WebSocket kept open until
// the test ends; seat 1 waits. It returns the client and the table's id.
func (e *env) ratedTable(ctx context.Context, name string) (*servertest.Client, string) {
	t := e.t
	t.Helper()
	c, err := servertest.NewClient(ctx, e.base)
	if err != nil {
		t.Fatal(err)
	}
	var acct struct{ CSRF string }
	call(t, c, "POST", "/api/account/signup", fmt.Sprintf(`{"name":%q,"password":"%s's password"}`, name, name), "", &acct)
	var tbl struct{ ID string }
	call(t, c, "POST", "/api/tables", `{"rules":"icf","players":2,"clock":15,"rated":true,"seats":[{"kind":"human"},{"kind":"human"}]}`, acct.CSRF, &tbl)
	ws, err := c.Connect(ctx, tbl.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ws.Close)
	sit := protocol.Sit(0, "")
	sit.CSRF = acct.CSRF
	if err := ws.Send(ctx, sit); err != nil {
		t.Fatal(err)
	}
	return c, tbl.ID
}
