package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
)

// TestErrorsArePlainJSON: every error answer of the API is JSON,
// {"error": "…"}, one plain sentence without Go's package prefixes or
// another error's words: a cross-site POST refused by the origin check
// too, and each account error its own.
func TestErrorsArePlainJSON(t *testing.T) {
	e := newEnv(t, t.TempDir())
	p := e.player()
	if code, _, _ := p.request("POST", "/api/account/signup", `{"name":"ann","password":"long enough"}`); code != http.StatusOK {
		t.Fatalf("sign-up: %d", code)
	}
	big := `{"name":"` + strings.Repeat("x", 20000) + `","password":"long enough"}`
	for _, c := range []struct {
		method, path, body string
		headers            []string
		code               int
		want               string // the whole error, or a prefix ending in ": "
	}{
		{"POST", "/api/tables", `{"rules":"icf"}`, []string{"Sec-Fetch-Site", "cross-site"}, 403, "a request from another site is refused: a POST or DELETE comes from this server's own pages"},
		{"POST", "/api/account/signin", `{"name":"ann","password":"x"}`, []string{"Origin", "https://elsewhere.example"}, 403, "a request from another site is refused: a POST or DELETE comes from this server's own pages"},
		{"POST", "/api/account/signup", `{"name":"x","password":"long enough"}`, nil, 400, "a name is 3 to 20 letters (of any alphabet, with their accents), digits, dots, _ or -"},
		{"POST", "/api/account/signup", `{"name":"a b c","password":"long enough"}`, nil, 400, "a name is 3 to 20 letters (of any alphabet, with their accents), digits, dots, _ or -"},
		{"POST", "/api/account/signup", `{"name":"bea","password":"short"}`, nil, 400, "a password is 8 to 256 bytes"},
		{"POST", "/api/account/signup", big, nil, 413, "the request's body is over 16384 bytes"},
		{"POST", "/api/account/signup", `{"name":1}`, nil, 400, "the request's body: "},
		{"POST", "/api/account/signup", `{"name":"ANN","password":"long enough"}`, nil, 409, "the name ANN is taken: choose another"},
		{"POST", "/api/account/signin", `{"name":"ann","password":"wrong one"}`, nil, 401, "wrong name or password"},
		{"POST", "/api/account/signout", `{}`, nil, 403, "a signed-in browser's POST and DELETE need the session's X-CSRF-Token header (GET /api/account gives it)"},
		{"GET", "/api/expected?players=ann", "", nil, 400, "players="},
		{"GET", "/api/leaderboard?rules=nonsense", "", nil, 400, "ratings are kept "},
		{"GET", "/api/players/nobody", "", nil, 404, ""},
	} {
		who := p
		if c.path == "/api/account/signup" || c.path == "/api/account/signin" {
			who = e.player()
		}
		code, body, h := who.request(c.method, c.path, c.body, c.headers...)
		var out struct{ Error string }
		if err := json.Unmarshal([]byte(body), &out); err != nil || h.Get("Content-Type") != "application/json" {
			t.Errorf("%s %s %v: %d %s %q; want JSON", c.method, c.path, c.headers, code, h.Get("Content-Type"), body)
			continue
		}
		ok := out.Error == c.want || (strings.HasSuffix(c.want, ": ") || strings.HasSuffix(c.want, "=") || strings.HasSuffix(c.want, " ") || c.want == "") && strings.HasPrefix(out.Error, c.want)
		if code != c.code || !ok || out.Error == "" || strings.Contains(out.Error, "server:") || strings.Contains(out.Error, "store:") || strings.Contains(out.Error, "bad table configuration") {
			t.Errorf("%s %s %v: %d %q; want %d %q", c.method, c.path, c.headers, code, out.Error, c.code, c.want)
		}
	}
}

// goPrefix is a Go package's prefix at the start of an answer or of one
// of its clauses: words for the log, never for a person.
var goPrefix = regexp.MustCompile(`(^|: )(server|store|umpire|record|rules|game|carrom|board|physics|json): `)

// TestNoGoPrefixReachesAUser walks bad requests over HTTP and WebSocket on
// a real server, each answered with an error of the server's own, the
// scoresheet's, the referee's or the store's: no answer carries Go's
// package prefixes.
func TestNoGoPrefixReachesAUser(t *testing.T) {
	e := newEnv(t, t.TempDir())
	p := e.player()
	check := func(what, answer string) {
		t.Helper()
		if answer == "" || goPrefix.MatchString(answer) {
			t.Errorf("%s: %q; want a plain sentence, no Go package prefix", what, answer)
		}
	}
	_, sheet := p.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["Asha", "Ben"]}`)
	_, played := p.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["Asha", "Ben"]}`)
	if code, _ := p.entry(played.ID, 1, `"line": {"stroke": {"black": 1}}`); code != http.StatusOK {
		t.Fatalf("a first entry: %d", code)
	}
	big := `{"name":"` + strings.Repeat("x", 20000) + `"}`
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/account/signup", `{"name":"x","password":"long enough"}`},
		{"POST", "/api/account/signup", `{"name":"bea","password":"short"}`},
		{"POST", "/api/account/signup", big},
		{"POST", "/api/account/signup", `{"name":1}`},
		{"POST", "/api/account/signup", `not json`},
		{"POST", "/api/tables", big},
		{"POST", "/api/tables", `{"rules":"icf","players":2,"clock":5}`},
		{"POST", "/api/tables", `{"rules":"nonsense","players":2}`},
		{"POST", "/api/tables", `{"rules":"icf","players":2,"seats":[{"kind":"alien"},{"kind":"human"}]}`},
		{"POST", "/api/tables", `{"rules":"icf","players":2,"seats":[{"kind":"computer","level":"god"},{"kind":"human"}]}`},
		{"GET", "/api/tables/nosuchtable", ""},
		{"GET", "/api/matches/nosuchtable", ""},
		{"GET", "/api/matches/nosuchtable/replay", ""},
		{"GET", "/ws/nosuchtable", ""},
		{"POST", "/api/tables/nosuchtable/hint", `{}`},
		{"POST", "/api/tables/nosuchtable/rematch", `{}`},
		{"POST", "/api/practice", `{"position":"nonsense"}`},
		{"POST", "/api/practice", `{"action":{"v":1,"type":"strike","x":0,"angle":90,"speed":1e9}}`},
		{"POST", "/api/practice", `{"action":{"v":1,"type":"strike","x":0.2,"angle":90,"speed":1}}`},
		{"POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["Asha"]}`},
		{"POST", "/api/umpire", `{"rules": "nonsense", "players": 2}`},
		{"POST", "/api/umpire", `{"rules": "icf", "players": 2, "accounts": ["nobody", "none"]}`},
		{"GET", "/api/umpire/nosuchsheet", ""},
		{"POST", "/api/umpire/" + sheet.ID + "/entries", `not json`},
		{"POST", "/api/umpire/" + sheet.ID + "/entries", `{"seq": 1, "sign": 1}`},
		{"POST", "/api/umpire/" + sheet.ID + "/entries", `{"seq": 1, "undo": true}`},
		{"POST", "/api/umpire/" + sheet.ID + "/entries", `{"seq": 1, "line": {"fly": 1}}`},
		{"POST", "/api/umpire/" + sheet.ID + "/entries", `{"seq": 0, "undo": true}`},
		{"POST", "/api/umpire/" + sheet.ID + "/entries", `{"seq": 5, "undo": true}`},
		{"POST", "/api/umpire/" + played.ID + "/entries", `{"seq": 1, "line": {"stroke": {"white": 1}}}`},
		{"POST", "/api/umpire/" + sheet.ID + "/confirm", `{}`},
		{"GET", "/api/players/nobody", ""},
		{"GET", "/api/expected?players=ann,nobody", ""},
		{"GET", "/api/leaderboard?rules=nonsense", ""},
	} {
		code, body, _ := p.request(c.method, c.path, c.body)
		var out struct{ Error string }
		if err := json.Unmarshal([]byte(body), &out); err != nil || code < 400 {
			t.Errorf("%s %s: %d %q; want an error as JSON", c.method, c.path, code, body)
			continue
		}
		check(fmt.Sprintf("%s %s %.40s: %d", c.method, c.path, c.body, code), out.Error)
	}

	// Over the WebSocket: a message the server cannot read, a seat that is
	// not there or not free, an intent for another's seat, a stroke the
	// laws refuse.
	_, _, _, a, b := twoPlayers(t, e, 0)
	b.untilMine(0)
	for _, msg := range []string{
		`not json`, `{"v":1,"type":"fly"}`, `{"v":2,"type":"ping"}`, `{"v":1,"type":"strike","x":0,"angle":90}`,
		`{"v":1,"type":"strike","x":0,"angle":90,"speed":1e9}`, `{"v":1,"type":"ping","extra":1}`,
		`{"v":1,"type":"sit","seat":7,"nickname":"Cy"}`, `{"v":1,"type":"sit","seat":1,"nickname":"Cy"}`,
		`{"v":1,"type":"place","x":0,"y":0}`, `{"v":1,"type":"strike","x":0.2,"angle":90,"speed":1}`,
		`{"v":1,"type":"buy","pocket":0,"white":1,"black":0}`, `{"v":1,"type":"concede","what":"life"}`,
		`{"v":1,"type":"ping"}` + strings.Repeat(" ", server.MaxMessage),
	} {
		if err := a.ws.SendRaw(context.Background(), []byte(msg)); err != nil {
			t.Fatal(err)
		}
		check("WebSocket "+msg[:min(len(msg), 50)], a.next("error").Error)
	}
	b.send(protocol.Strike(0, 90, 0.5))
	check("an intent for another's seat", b.next("error").Error)
}
