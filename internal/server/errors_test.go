package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
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
