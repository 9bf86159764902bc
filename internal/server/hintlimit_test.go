package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/coach"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
)

// countingCoach advises at once, and counts the searches it was asked.
type countingCoach struct{ n atomic.Int64 }

func (c *countingCoach) Advise(ctx context.Context, t game.Table, seed uint64) (coach.Advice, error) {
	c.n.Add(1)
	return coach.Advice{Shot: physics.Shot{Dir: board.Vec{Y: 1}, Speed: 1}, Kind: "direct"}, nil
}

// TestHintLimits: one identity gets 10 hints, then one every 6 s; one
// address 30, then one every 2 s, whatever identities it uses; a 429
// says when to ask again and costs the coach nothing; another address
// is served meanwhile, in practice and at a table.
func TestHintLimits(t *testing.T) {
	coach := &countingCoach{}
	e := behindProxy(t, func(c *server.Config) { c.Coach = coach })
	hint := func(p *player, addr string) (int, string, http.Header) {
		return p.request("POST", "/api/practice", `{"position":"","hint":true}`, from(addr)...)
	}
	ann := e.player()
	for i := range 10 {
		if code, body, _ := hint(ann, "10.0.0.1"); code != http.StatusOK {
			t.Fatalf("ann's hint %d: %d %s", i+1, code, body)
		}
	}
	code, body, h := hint(ann, "10.0.0.1")
	if code != http.StatusTooManyRequests || h.Get("Retry-After") != "6" || !strings.Contains(body, "too many hints") {
		t.Errorf("ann's 11th hint: %d, Retry-After %q, %s; want 429, 6 s", code, h.Get("Retry-After"), body)
	}
	e.clock.Advance(6 * time.Second)
	if code, body, _ := hint(ann, "10.0.0.1"); code != http.StatusOK {
		t.Errorf("ann's hint 6 s later: %d %s; want 200", code, body)
	}
	// Other browsers at the same address: 30 asks in all, and 3 more for
	// the 6 s gone by (ann's 12 asks count, the one refused too), then one
	// every 2 s.
	for i := range 21 {
		if code, body, _ := hint(e.player(), "10.0.0.1"); code != http.StatusOK {
			t.Fatalf("hint %d from the address: %d %s", i+12, code, body)
		}
	}
	asked := coach.n.Load()
	code, body, h = hint(e.player(), "10.0.0.1")
	if code != http.StatusTooManyRequests || h.Get("Retry-After") != "2" || !strings.Contains(body, "from this address") {
		t.Errorf("a hint past the address's 30: %d, Retry-After %q, %s; want 429, 2 s", code, h.Get("Retry-After"), body)
	}
	if coach.n.Load() != asked {
		t.Error("a refused hint reached the coach")
	}

	// Another address is served, at a table too.
	bob := e.player()
	id := bob.create(withComputer(2))
	c := bob.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(0, "Bob"))
	c.untilMine(0)
	if code, body, _ := bob.request("POST", "/api/tables/"+id+"/hint", "", from("10.0.0.2")...); code != http.StatusOK {
		t.Errorf("bob's hint at his table, from another address: %d %s; want 200", code, body)
	}
	for range 9 {
		bob.request("POST", "/api/tables/"+id+"/hint", "", from("10.0.0.2")...)
	}
	if code, body, h := bob.request("POST", "/api/tables/"+id+"/hint", "", from("10.0.0.3")...); code != http.StatusTooManyRequests || h.Get("Retry-After") != "6" {
		t.Errorf("bob's 11th hint at his table, from a third address: %d, Retry-After %q, %s; want 429 (his identity's limit)", code, h.Get("Retry-After"), body)
	}
}

// BenchmarkPracticeHint times the coach's hint at a board's start over
// HTTP (docs/protocol.md quotes it beside the hint limits); the clock
// moves on between hints, so the limits never answer instead.
func BenchmarkPracticeHint(b *testing.B) {
	c, err := coach.New()
	if err != nil {
		b.Fatal(err)
	}
	st, err := store.OpenSQLite(context.Background(), b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	clock := newFakeClock()
	srv, err := server.New(server.Config{Store: st, Clock: clock, Coach: c, Physics: physics.Default(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	for b.Loop() {
		clock.Advance(time.Minute)
		resp, err := http.Post(hs.URL+"/api/practice", "application/json", strings.NewReader(`{"position":"","hint":true}`))
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("hint: %d", resp.StatusCode)
		}
	}
}
