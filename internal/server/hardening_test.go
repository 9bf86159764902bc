package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
)

// humans is an ICF table for two humans, no clock.
var humans = servertest.Humans(2, 0)

// TestCreateNeedsJSONFromThePage: a table is created only by a JSON body
// from the server's own origin; a form of another site (text/plain, or
// any cross-site POST) creates nothing.
func TestCreateNeedsJSONFromThePage(t *testing.T) {
	e := newEnv(t, t.TempDir())
	p := e.player()
	body, err := json.Marshal(humans)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		headers map[string]string
		code    int
	}{
		{"a cross-site form", map[string]string{"Content-Type": "text/plain", "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"cross-site JSON", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"another origin", map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}, http.StatusForbidden},
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
		{"no content type", map[string]string{}, http.StatusUnsupportedMediaType},
		{"same origin", map[string]string{"Content-Type": "application/json; charset=utf-8", "Sec-Fetch-Site": "same-origin", "Origin": p.Base}, http.StatusCreated},
		{"no browser", map[string]string{"Content-Type": "application/json"}, http.StatusCreated},
	}
	for _, tc := range tests {
		req, _ := http.NewRequest("POST", p.Base+"/api/tables", bytes.NewReader(body))
		for k, v := range tc.headers {
			req.Header.Set(k, v)
		}
		resp, err := p.HTTP().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code {
			t.Errorf("%s: POST /api/tables = %d %s; want %d", tc.name, resp.StatusCode, body, tc.code)
		}
	}
	var list []json.RawMessage
	if code := p.get("/api/tables", &list); code != http.StatusOK || len(list) != 2 {
		t.Errorf("%d tables in play; want the 2 created by the server's own page or a non-browser client", len(list))
	}
}

// TestLimitsPerIdentity: one identity may have so many tables in play and
// so many connections open; another identity is not held back by it, and
// a table whose match is over counts no more.
func TestLimitsPerIdentity(t *testing.T) {
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) { c.TablesPerIdentity, c.ConnsPerIdentity = 2, 2 })
	ann, bob := e.player(), e.player()
	first := ann.create(humans)
	ann.create(humans)
	body, err := json.Marshal(humans)
	if err != nil {
		t.Fatal(err)
	}
	if code, out := ann.do("POST", "/api/tables", string(body)); code != http.StatusTooManyRequests || !strings.Contains(out, "2 tables in play") {
		t.Errorf("a third table: %d %v; want 429 saying 2 tables in play", code, out)
	}
	bob.create(humans)

	a := ann.connect(first, 0)
	a.next("welcome")
	a2 := ann.connect(first, 0)
	a2.next("welcome")
	url := strings.Replace(ann.Base, "http", "ws", 1) + "/ws/" + first
	if _, resp, err := websocket.Dial(context.Background(), url, &websocket.DialOptions{HTTPClient: ann.HTTP()}); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a third connection: %v, %v; want 429", resp, err)
	}
	b := bob.connect(first, 0)
	b.next("welcome")

	// Ann concedes the match: her table is out of play, and she may
	// create another.
	a.send(protocol.Sit(0, ""))
	a.next("welcome")
	b.send(protocol.Sit(1, ""))
	b.next("welcome")
	a.send(protocol.Concede("match"))
	for !a.next("event").State.Over {
	}
	ann.create(humans)
}

// TestHealthzCountsAsMetrics: /healthz and carrom_tables count the same
// tables: those whose match is in play.
func TestHealthzCountsAsMetrics(t *testing.T) {
	e := newEnv(t, t.TempDir())
	id, _, _, a, _ := twoPlayers(t, e, 0)
	e.player().create(humans)
	count := func() (health, metric string) {
		h := e.player()
		var healthz struct{ Tables int }
		h.get("/healthz", &healthz)
		_, body := h.do("GET", "/metrics", "")
		return fmt.Sprint(healthz.Tables), regexp.MustCompile(`(?m)^carrom_tables (\d+)$`).FindStringSubmatch(body)[1]
	}
	if h, m := count(); h != "2" || m != "2" {
		t.Errorf("two tables in play: /healthz %s, carrom_tables %s; want 2 and 2", h, m)
	}
	// The match is over, and Ann still watches it.
	a.send(protocol.Concede("match"))
	for !a.next("event").State.Over {
	}
	if h, m := count(); h != "1" || m != "1" {
		t.Errorf("table %s over: /healthz %s, carrom_tables %s; want 1 and 1", id, h, m)
	}
}

// TestStrictQueriesAndSeats: a sequence number is digits or an error, and
// a seat that does not exist is not called taken.
func TestStrictQueriesAndSeats(t *testing.T) {
	e := newEnv(t, t.TempDir())
	id, ann, _, a, _ := twoPlayers(t, e, 0)
	for _, q := range []string{"since=1e3", "since=-1", "since=1x", "since=0x10"} {
		url := strings.Replace(ann.Base, "http", "ws", 1) + "/ws/" + id + "?" + q
		if _, resp, err := websocket.Dial(context.Background(), url, &websocket.DialOptions{HTTPClient: ann.HTTP()}); err == nil || resp == nil || resp.StatusCode != http.StatusBadRequest {
			t.Errorf("/ws/%s?%s: %v, %v; want 400", id, q, resp, err)
		}
	}
	for _, q := range []string{"from=1e3", "to=-2", "from=2.0"} {
		if code, out := ann.do("GET", "/api/matches/"+id+"/replay?"+q, ""); code != http.StatusBadRequest || !strings.Contains(out, "sequence number") {
			t.Errorf("replay?%s: %d %v; want 400 asking for a sequence number", q, code, out)
		}
	}
	for seat, want := range map[int]string{2: "no such seat", -1: "no such seat", 1: "seat taken"} {
		a.send(protocol.Sit(seat, ""))
		if m := a.next("error"); !strings.Contains(m.Error, want) {
			t.Errorf("sit at seat %d: error %q; want %q", seat, m.Error, want)
		}
	}
	if err := a.ws.SendRaw(context.Background(), []byte(`{"v":1,"type":"sit","seat":"one"}`)); err != nil {
		t.Fatal(err)
	}
	if m := a.next("error"); !strings.Contains(m.Error, `"seat" is a string, want an integer`) || strings.Contains(m.Error, "Go") {
		t.Errorf("sit at seat \"one\": error %q", m.Error)
	}
}
