package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/profile"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/rating"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
)

// request sends a request with the player's cookies, a JSON body if not
// empty, and the headers given as name, value pairs.
func (p *player) request(method, path, body string, headers ...string) (int, string, http.Header) {
	p.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, p.Base+path, r)
	if err != nil {
		p.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := p.HTTP().Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	return resp.StatusCode, string(data), resp.Header
}

type accountAnswer struct {
	SignedIn bool   `json:"signed_in"`
	Name     string `json:"name"`
	CSRF     string `json:"csrf"`
	Lang     string `json:"lang"`
	Error    string `json:"error"`
}

// account signs up or in (what: "signup", "signin") and returns the
// status and the answer.
func (p *player) account(what, name, password string) (int, accountAnswer, http.Header) {
	p.t.Helper()
	code, body, h := p.request("POST", "/api/account/"+what, fmt.Sprintf(`{"name":%q,"password":%q}`, name, password))
	var a accountAnswer
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		p.t.Fatalf("POST /api/account/%s: %d %q: %v", what, code, body, err)
	}
	return code, a, h
}

func (p *player) me() accountAnswer {
	p.t.Helper()
	var a accountAnswer
	if code := p.get("/api/account", &a); code != http.StatusOK {
		p.t.Fatalf("GET /api/account: %d", code)
	}
	return a
}

// syncBuffer is a log destination the server's goroutines share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestAccountsOverHTTP goes through an account's life on a real server
// with a SQLite file: an anonymous browser plays, signs up (its match
// becomes the account's), signs in elsewhere, is refused a wrong password
// with the same answer as an unknown name, hits the sign-in limit, is
// refused state changes without the CSRF token, signs out (the session is
// dead on the server, not only forgotten by the browser), changes its
// password and deletes the account (its personal data gone). No password
// reaches the log.
func TestAccountsOverHTTP(t *testing.T) {
	var logs syncBuffer
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) {
		c.Log = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	const pw, pw2 = "correct horse battery", "staple staple staple"

	// Anonymous play works as before, and its match moves with the browser.
	ann := e.player()
	id := ann.create(withComputer(5))
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(0, "Ann"))
	c.untilMine(0)
	c.send(protocol.Concede("match"))
	c.next("event")

	code, a, h := ann.account("signup", "Ann", pw)
	if code != http.StatusOK || !a.SignedIn || a.Name != "Ann" || len(a.CSRF) != 64 {
		t.Fatalf("sign-up: %d %+v; want 200, signed in as Ann with a CSRF token", code, a)
	}
	cookie := ""
	for _, sc := range h.Values("Set-Cookie") {
		if strings.HasPrefix(sc, "carrom_session=") {
			cookie = sc
		}
	}
	if !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") || strings.Contains(cookie, "Secure") {
		t.Errorf("session cookie %q; want HttpOnly, SameSite=Lax, and not Secure without TLS", cookie)
	}
	if me := ann.me(); !me.SignedIn || me.Name != "Ann" || me.CSRF != a.CSRF {
		t.Errorf("GET /api/account = %+v; want Ann with the same CSRF token", me)
	}
	var prof struct {
		Matches []struct {
			ID, Result string
			Opponents  []string
		}
	}
	if code := ann.get("/api/players/ann", &prof); code != http.StatusOK || len(prof.Matches) != 1 || prof.Matches[0].ID != id || prof.Matches[0].Result != "lost" {
		t.Errorf("profile after sign-up: %d %+v; want the anonymous match %s, lost", code, prof, id)
	}
	if code, a, _ := e.player().account("signup", "aNN", "whatever12"); code != http.StatusConflict {
		t.Errorf("sign-up as aNN: %d %+v; want 409, the name is Ann's", code, a)
	}
	for _, bad := range []string{`{"name":"x","password":"long enough"}`, `{"name":"ok name","password":"long enough"}`, `{"name":"Bea","password":"short"}`, `{"name":"Bea"}`, `not json`} {
		if code, body, _ := e.player().request("POST", "/api/account/signup", bad); code != http.StatusBadRequest {
			t.Errorf("sign-up with %s: %d %s; want 400", bad, code, body)
		}
	}

	// A wrong password and an unknown name get the same answer.
	bob := e.player()
	code, wrong, _ := bob.account("signin", "Ann", "not the password")
	code2, unknown, _ := bob.account("signin", "Nobody", "not the password")
	if code != http.StatusUnauthorized || code2 != http.StatusUnauthorized || wrong.Error != unknown.Error {
		t.Errorf("wrong password: %d %q; unknown name: %d %q; want 401 and the same words", code, wrong.Error, code2, unknown.Error)
	}
	code, b, _ := bob.account("signin", "ann", pw)
	if code != http.StatusOK || b.Name != "Ann" || b.CSRF == a.CSRF {
		t.Fatalf("sign-in: %d %+v; want Ann with a session of its own", code, b)
	}

	// CSRF: a signed-in browser's state changes need the session's token.
	for _, hdr := range [][]string{nil, {"X-CSRF-Token", "0000"}, {"X-CSRF-Token", a.CSRF}} {
		if code, body, _ := bob.request("POST", "/api/account/signout", "", hdr...); code != http.StatusForbidden {
			t.Errorf("sign-out with headers %q: %d %s; want 403", hdr, code, body)
		}
	}
	cfg, _ := json.Marshal(withComputer(6))
	if code, body, _ := bob.request("POST", "/api/tables", string(cfg)); code != http.StatusForbidden {
		t.Errorf("a new table without the CSRF token: %d %s; want 403", code, body)
	}
	if code, body, _ := bob.request("POST", "/api/tables", string(cfg), "X-CSRF-Token", b.CSRF, "Sec-Fetch-Site", "cross-site"); code != http.StatusForbidden {
		t.Errorf("a new table from another site: %d %s; want 403", code, body)
	}
	if code, body, _ := bob.request("POST", "/api/tables", string(cfg), "X-CSRF-Token", b.CSRF); code != http.StatusCreated {
		t.Errorf("a new table with the CSRF token: %d %s; want 201", code, body)
	}

	// Sign-out ends the session on the server: its cookie replayed is dead.
	var session *http.Cookie
	for _, ck := range bob.HTTP().Jar.Cookies(mustURL(t, e.http.URL)) {
		if ck.Name == "carrom_session" {
			session = ck
		}
	}
	if code, body, _ := bob.request("POST", "/api/account/signout", "", "X-CSRF-Token", b.CSRF); code != http.StatusOK {
		t.Fatalf("sign-out: %d %s", code, body)
	}
	if me := bob.me(); me.SignedIn {
		t.Errorf("after sign-out: %+v; want signed out", me)
	}
	thief := e.player()
	thief.HTTP().Jar.SetCookies(mustURL(t, e.http.URL), []*http.Cookie{session})
	if me := thief.me(); me.SignedIn {
		t.Errorf("the signed-out session's cookie replayed: %+v; want it dead", me)
	}

	// The limit: five tries of a name, then none until a minute has passed,
	// even with the right password. Its bucket is full again first.
	e.clock.Advance(5 * time.Minute)
	carl := e.player()
	for i := range 5 {
		if code, _, _ := carl.account("signin", "Ann", fmt.Sprintf("guess %d", i)); code != http.StatusUnauthorized {
			t.Errorf("wrong guess %d: %d; want 401", i, code)
		}
	}
	if code, _, _ := carl.account("signin", "Ann", pw); code != http.StatusTooManyRequests {
		t.Errorf("the sixth attempt at Ann, right password: %d; want 429", code)
	}
	if code, _, _ := carl.account("signin", "Nobody", "x"); code != http.StatusUnauthorized {
		t.Errorf("another name from the same address: %d; want 401 (the address's limit is higher)", code)
	}
	e.clock.Advance(time.Minute)
	code, cs, _ := carl.account("signin", "Ann", pw)
	if code != http.StatusOK {
		t.Fatalf("a minute later, the right password: %d; want 200", code)
	}

	// A new password signs the other browsers out, and the old one no longer
	// signs in.
	e.clock.Advance(5 * time.Minute)
	if code, body, _ := ann.request("POST", "/api/account/password", fmt.Sprintf(`{"old":"wrong one","new":%q}`, pw2), "X-CSRF-Token", a.CSRF); code != http.StatusUnauthorized {
		t.Errorf("a new password after a wrong old one: %d %s; want 401", code, body)
	}
	if code, body, _ := ann.request("POST", "/api/account/password", fmt.Sprintf(`{"old":%q,"new":%q}`, pw, pw2), "X-CSRF-Token", a.CSRF); code != http.StatusOK {
		t.Fatalf("a new password: %d %s", code, body)
	}
	if me := carl.me(); me.SignedIn || cs.CSRF == "" {
		t.Errorf("another browser after the password changed: %+v; want signed out", me)
	}
	if me := ann.me(); !me.SignedIn {
		t.Errorf("the browser that changed the password: %+v; want still signed in", me)
	}
	e.clock.Advance(time.Minute)
	if code, _, _ := e.player().account("signin", "Ann", pw); code != http.StatusUnauthorized {
		t.Errorf("the old password: %d; want 401", code)
	}

	// Deletion removes the personal data: no account, no name in the
	// matches, no sign-in.
	e.clock.Advance(5 * time.Minute)
	if code, body, _ := ann.request("DELETE", "/api/account", fmt.Sprintf(`{"password":%q}`, pw), "X-CSRF-Token", a.CSRF); code != http.StatusUnauthorized {
		t.Errorf("deletion with a wrong password: %d %s; want 401", code, body)
	}
	if code, body, _ := ann.request("DELETE", "/api/account", fmt.Sprintf(`{"password":%q}`, pw2), "X-CSRF-Token", a.CSRF); code != http.StatusOK {
		t.Fatalf("deletion: %d %s", code, body)
	}
	if me := ann.me(); me.SignedIn {
		t.Errorf("after deletion: %+v; want signed out", me)
	}
	if code := ann.get("/api/players/ann", &prof); code != http.StatusNotFound {
		t.Errorf("the deleted account's profile: %d; want 404", code)
	}
	e.clock.Advance(time.Minute)
	if code, _, _ := e.player().account("signin", "Ann", pw2); code != http.StatusUnauthorized {
		t.Errorf("signing in to the deleted account: %d; want 401", code)
	}
	_, text := ann.do("GET", "/api/matches/"+id+".txt", "")
	if strings.Contains(text, "Ann") || !strings.Contains(text, "(deleted)") {
		t.Errorf("the deleted player's match record still names him, or names nobody:\n%s", text)
	}
	if code, a2, _ := e.player().account("signup", "Ann", "a new start"); code != http.StatusOK || a2.Name != "Ann" {
		t.Errorf("the name once deleted is free again: %d %+v", code, a2)
	}

	for _, secret := range []string{pw, pw2, "not the password", "guess 0", a.CSRF, b.CSRF} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
}

// TestSignInLimitPerAddress: twenty attempts from one address, whatever
// the names, then one every 10 s; a sign-up counts as an attempt.
func TestSignInLimitPerAddress(t *testing.T) {
	e := newEnv(t, t.TempDir())
	p := e.player()
	for i := range 20 {
		if code, _, _ := p.account("signin", fmt.Sprintf("name%d", i), "password"); code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d; want 401", i+1, code)
		}
	}
	if code, _, h := p.account("signin", "name99", "password"); code != http.StatusTooManyRequests || h.Get("Retry-After") != "10" {
		t.Errorf("attempt 21: %d, Retry-After %q; want 429, 10 s", code, h.Get("Retry-After"))
	}
	// A sign-up costs a hash as a sign-in does: the address's bucket
	// counts both.
	if code, a, h := p.account("signup", "bea", "long enough"); code != http.StatusTooManyRequests || h.Get("Retry-After") != "10" {
		t.Errorf("a sign-up from the address out of attempts: %d %+v, Retry-After %q; want 429, 10 s", code, a, h.Get("Retry-After"))
	}
	e.clock.Advance(10 * time.Second)
	if code, _, _ := p.account("signin", "name100", "password"); code != http.StatusUnauthorized {
		t.Errorf("10 s later: %d; want 401, one more attempt", code)
	}
	if code, _, _ := p.account("signin", "name101", "password"); code != http.StatusTooManyRequests {
		t.Errorf("then at once: %d; want 429", code)
	}
}

// TestRatedMatchOverWebSockets: two accounts play a rated match over
// WebSockets until one concedes; both ratings move as Glicko-2 says, the
// leaderboard ranks them, and an anonymous browser may not sit.
func TestRatedMatchOverWebSockets(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	var csrf [2]string
	for i, p := range []*player{ann, bob} {
		code, a, _ := p.account("signup", []string{"ann", "bob"}[i], "password one")
		if code != http.StatusOK {
			t.Fatalf("sign-up: %d %+v", code, a)
		}
		csrf[i] = a.CSRF
	}
	var exp struct{ Expected []float64 }
	if code := ann.get("/api/expected?rules=icf&players=ann,bob", &exp); code != http.StatusOK || len(exp.Expected) != 2 || exp.Expected[0] != 0.5 {
		t.Errorf("expected score before the first match: %d %+v; want ½ each", code, exp)
	}
	if code, body, _ := ann.request("POST", "/api/tables", `{"rules":"icf","players":2,"rated":true,"seats":[{"kind":"human"},{"kind":"computer","level":"test"}]}`, "X-CSRF-Token", csrf[0]); code != http.StatusBadRequest {
		t.Errorf("a rated table with a computer: %d %s; want 400", code, body)
	}
	for _, bad := range []string{
		`{"rules":"point","players":4,"rated":true,"seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}`,
		`{"rules":"three","players":2,"rated":true,"seats":[{"kind":"human"},{"kind":"human"}]}`,
	} {
		if code, body, _ := ann.request("POST", "/api/tables", bad, "X-CSRF-Token", csrf[0]); code != http.StatusBadRequest {
			t.Errorf("a rated table %s: %d %s; want 400 (a variant is rated between two players)", bad, code, body)
		}
	}
	if code, body, _ := ann.request("POST", "/api/tables", `{"rules":"point","players":2,"rated":true,"seats":[{"kind":"human"},{"kind":"human"}]}`, "X-CSRF-Token", csrf[0]); code != http.StatusCreated {
		t.Errorf("a rated table of point carrom for two: %d %s; want 201", code, body)
	}
	code, body, _ := ann.request("POST", "/api/tables", `{"rules":"icf","players":2,"rated":true,"seats":[{"kind":"human"},{"kind":"human"}]}`, "X-CSRF-Token", csrf[0])
	if code != http.StatusCreated {
		t.Fatalf("a rated table: %d %s", code, body)
	}
	var ti struct{ ID string }
	json.Unmarshal([]byte(body), &ti)

	anon := e.player().connect(ti.ID, 0)
	anon.next("welcome")
	anon.send(protocol.Sit(1, "Eve"))
	if m := anon.next("error"); !strings.Contains(m.Error, "account") {
		t.Errorf("an anonymous browser sits at a rated table: %q; want refused for want of an account", m.Error)
	}
	ca, cb := ann.connect(ti.ID, 0), bob.connect(ti.ID, 0)
	ca.next("welcome")
	cb.next("welcome")
	ca.send(sitWith(0, "Whoever", csrf[0]))
	ca.next("welcome")
	cb.send(sitWith(1, "", csrf[1]))
	cb.next("welcome")
	rng := rand.New(rand.NewPCG(7, 8))
	for strokes := 0; ; strokes++ {
		st := ca.untilMine(0, 1)
		if st.Over {
			break
		}
		c := ca
		if st.ToAct.Seat == 1 {
			c = cb
		}
		// Past the 10 strokes below which a match is too short to rate.
		if strokes >= 24 && st.ToAct.Seat == 1 && st.ToAct.Need == "strike" {
			c.send(protocol.Concede("match"))
		} else {
			c.send(myMove(st, rng))
		}
		ca.next("event")
	}
	if n := ca.last.Seats[0].Nickname; n != "ann" {
		t.Errorf("seat 0 is named %q; want the account's name, ann", n)
	}

	won, err := rating.New().Update([]rating.Game{{Opponent: rating.New(), Score: 1}}, rating.Tau)
	if err != nil {
		t.Fatal(err)
	}
	lost, _ := rating.New().Update([]rating.Game{{Opponent: rating.New(), Score: 0}}, rating.Tau)
	var board struct {
		Ratings []struct {
			Name   string
			Rank   int
			Rating float64
			Games  int
		}
	}
	ratedIn(t, ann, "ann", ti.ID)
	if code := ann.get("/api/leaderboard?rules=icf&format=singles", &board); code != http.StatusOK || len(board.Ratings) != 2 {
		t.Fatalf("leaderboard: %d %+v; want two players", code, board)
	}
	first, second := board.Ratings[0], board.Ratings[1]
	if first.Name != "ann" || second.Name != "bob" || first.Games != 1 ||
		math.Abs(first.Rating-won.R) > 0.06 || math.Abs(second.Rating-lost.R) > 0.06 {
		t.Errorf("leaderboard %+v; want ann %.1f, bob %.1f after one game", board.Ratings, won.R, lost.R)
	}
	var prof struct {
		Matches []struct {
			Rated     bool
			Opponents []string
			Result    string
			Change    *struct{ Before, After, Delta float64 }
		}
		Stats profile.Stats
	}
	if code := bob.get("/api/players/bob", &prof); code != http.StatusOK || len(prof.Matches) != 1 {
		t.Fatalf("bob's profile: %d %+v", code, prof)
	}
	m := prof.Matches[0]
	if !m.Rated || m.Result != "lost" || len(m.Opponents) != 1 || m.Opponents[0] != "ann" || m.Change == nil || m.Change.Before != 1500 || m.Change.Delta >= 0 {
		t.Errorf("bob's match %+v, change %+v; want rated, lost to ann, from 1500 down", m, m.Change)
	}
	if st := prof.Stats; st.Matches != 1 || st.Strokes == 0 || st.Scoring > st.Strokes || st.Fouls > st.Strokes {
		t.Errorf("bob's statistics %+v; want one match with his strokes counted", st)
	}
	// A loss's change is rounded as far from zero as the gain of the
	// same size: Glicko-2 gives ∓162.311, shown ∓162.3 (not -162.2).
	delta := math.Round((lost.R-1500)*10) / 10
	if m.Change != nil && (m.Change.Delta != delta || delta != -162.3 || m.Change.After != math.Round(lost.R*10)/10) {
		t.Errorf("bob's change %+v; want delta %v (Glicko-2's %.3f), after %.1f", m.Change, delta, lost.R-1500, lost.R)
	}
	if code := ann.get("/api/players/ann", &prof); code != http.StatusOK || len(prof.Matches) != 1 || prof.Matches[0].Change == nil || prof.Matches[0].Change.Delta != -delta {
		t.Errorf("ann's profile: %d %+v; want a change of %v", code, prof.Matches, -delta)
	}
	var expd struct {
		Expected []float64
		Players  []struct {
			Name  string
			Games int
		}
	}
	if code := ann.get("/api/expected?rules=icf&players=ann,bob", &expd); code != http.StatusOK || expd.Expected[0] <= 0.5 {
		t.Errorf("expected score after ann won: %+v; want above ½ for ann", expd)
	}
	if len(expd.Players) != 2 || expd.Players[0].Games != 1 || expd.Players[1].Games != 1 {
		t.Errorf("expected score's players %+v; want one game each, as the leaderboard counts", expd.Players)
	}
	code, svg, h := ann.request("GET", "/api/players/ann/rating.svg?rules=icf&format=singles", "")
	if code != http.StatusOK || h.Get("Content-Type") != "image/svg+xml" || !strings.Contains(svg, "<polyline") || !strings.Contains(svg, "1 rated match") {
		t.Errorf("rating chart: %d %s\n%s", code, h.Get("Content-Type"), svg)
	}
}

// TestRematchAndChallenge: a rematch seats its asker at a new table, keeps
// the other player's seat for his own click and tells him; a challenge to a named player makes
// a table with both seated once accepted.
func TestRematchAndChallenge(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann, bob := e.player(), e.player()
	_, a, _ := ann.account("signup", "ann", "password one")
	_, b, _ := bob.account("signup", "bob", "password two")

	code, body, _ := ann.request("POST", "/api/challenges", `{"to":"nobody","rules":"icf","clock":30}`, "X-CSRF-Token", a.CSRF)
	if code != http.StatusNotFound {
		t.Errorf("a challenge to nobody: %d %s; want 404", code, body)
	}
	code, body, _ = ann.request("POST", "/api/challenges", `{"to":"BOB","rules":"family","clock":30,"rated":true}`, "X-CSRF-Token", a.CSRF)
	var ch struct{ ID, From, To, Rules, Status, Table, Link string }
	if err := json.Unmarshal([]byte(body), &ch); err != nil || code != http.StatusCreated || ch.To != "bob" || ch.Status != "open" {
		t.Fatalf("a challenge: %d %s", code, body)
	}
	if code, body, _ := ann.request("POST", "/api/challenges/"+ch.ID+"/accept", "", "X-CSRF-Token", a.CSRF); code != http.StatusForbidden {
		t.Errorf("the challenger accepts his own challenge: %d %s; want 403", code, body)
	}
	var list []struct{ ID, From, Status string }
	if code := bob.get("/api/challenges", &list); code != http.StatusOK || len(list) != 1 || list[0].From != "ann" {
		t.Errorf("bob's challenges: %d %+v; want ann's", code, list)
	}
	code, body, _ = bob.request("POST", "/api/challenges/"+ch.ID+"/accept", "", "X-CSRF-Token", b.CSRF)
	if err := json.Unmarshal([]byte(body), &ch); err != nil || code != http.StatusOK || ch.Status != "accepted" || ch.Link != "/t/"+ch.Table+"?seat=1" {
		t.Fatalf("accepting: %d %s", code, body)
	}
	if code, body, _ := bob.request("POST", "/api/challenges/"+ch.ID+"/accept", "", "X-CSRF-Token", b.CSRF); code != http.StatusConflict {
		t.Errorf("accepting twice: %d %s; want 409", code, body)
	}

	// Both are seated: the match starts with no sit.
	ca, cb := ann.connect(ch.Table, 0), bob.connect(ch.Table, 0)
	if w := ca.next("welcome"); len(w.Seats) != 1 || w.Seats[0] != 0 {
		t.Errorf("ann holds %v; want seat 0", w.Seats)
	}
	if w := cb.next("welcome"); len(w.Seats) != 1 || w.Seats[0] != 1 {
		t.Errorf("bob holds %v; want seat 1", w.Seats)
	}
	st := ca.untilMine(0, 1)
	if !st.Started || st.Config.Rules != "family" || st.Config.Clock != 30 {
		t.Errorf("the challenge's table: started %v, %+v; want started, family rules, 30 s", st.Started, st.Config)
	}
	c := ca
	if st.ToAct.Seat == 1 {
		c = cb
	}
	if st.ToAct.Need != "strike" {
		c.send(myMove(st, rand.New(rand.NewPCG(1, 1))))
		st = ca.untilMine(0, 1)
		c = map[bool]*conn{true: cb, false: ca}[st.ToAct.Seat == 1]
	}
	c.send(protocol.Concede("match"))
	// untilMine may answer with the state before the concession (seat 0
	// or 1 to act): the events still on their way come first.
	for ca.untilMine(0, 1); !ca.last.Over; {
		ca.next("state", "event")
	}

	if code, body, _ := e.player().request("POST", "/api/tables/"+ch.Table+"/rematch", ""); code != http.StatusForbidden {
		t.Errorf("a rematch asked by a stranger: %d %s; want 403", code, body)
	}
	code, body, _ = bob.request("POST", "/api/tables/"+ch.Table+"/rematch", "", "X-CSRF-Token", b.CSRF)
	var rm struct{ Table, Link string }
	if err := json.Unmarshal([]byte(body), &rm); err != nil || code != http.StatusCreated || rm.Link != "/t/"+rm.Table+"?seat=1" {
		t.Fatalf("rematch: %d %s", code, body)
	}
	// Bob asked, so Bob sits; Ann's seat waits for her own click, and
	// nobody else takes it.
	if w := bob.connect(rm.Table, 0).next("welcome"); len(w.Seats) != 1 || w.Seats[0] != 1 {
		t.Errorf("bob at the rematch he asked for: %s; want seat 1", w.Raw)
	}
	eve := e.player()
	csrfE := signUp(t, eve, "eve")
	ce := eve.connect(rm.Table, 0)
	ce.next("welcome")
	ce.send(sitWith(0, "", csrfE))
	if m := ce.next("error", "welcome"); m.Type != "error" || !strings.Contains(m.Error, "kept") {
		t.Errorf("a stranger takes ann's seat at the rematch: %s; want refused", m.Raw)
	}
	offer := ca.next("rematch")
	var om struct{ Table, Rematch string }
	json.Unmarshal(offer.Raw, &om)
	if om.Table != ch.Table || om.Rematch != rm.Table {
		t.Errorf("the rematch message %s; want table %s, rematch %s", offer.Raw, ch.Table, rm.Table)
	}
	code, body, _ = ann.request("POST", "/api/tables/"+ch.Table+"/rematch", "", "X-CSRF-Token", a.CSRF)
	var rm2 struct{ Table, Link string }
	json.Unmarshal([]byte(body), &rm2)
	if code != http.StatusCreated || rm2.Table != rm.Table || rm2.Link != "/t/"+rm.Table+"?seat=0" {
		t.Errorf("ann's rematch: %d %s; want the same table %s at seat 0", code, body, rm.Table)
	}
	cr := ann.connect(rm.Table, 0)
	if w := cr.next("welcome"); len(w.Seats) != 0 {
		t.Errorf("ann at the rematch before she sits: %s; want no seat", w.Raw)
	}
	cr.send(sitWith(0, "", a.CSRF))
	if w := cr.next("welcome", "error"); len(w.Seats) != 1 || w.Seats[0] != 0 || w.Nickname != "ann" {
		t.Errorf("ann takes her seat at the rematch: %s; want seat 0 as ann", w.Raw)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// BenchmarkSignIn times a sign-in refused for a wrong password and one
// refused for a name without an account, over HTTP (docs/accounts.md
// quotes both: the unknown name is checked against a dummy hash, so the
// two take as long). The clock moves a minute between attempts, so the
// sign-in limit never answers instead.
func BenchmarkSignIn(b *testing.B) {
	st, err := store.OpenSQLite(context.Background(), b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	clock := newFakeClock()
	srv, err := server.New(server.Config{Store: st, Accounts: st, Clock: clock, Physics: physics.Default(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	post := func(body string) int {
		resp, err := http.Post(hs.URL+"/api/account/signin", "application/json", strings.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	resp, err := http.Post(hs.URL+"/api/account/signup", "application/json", strings.NewReader(`{"name":"ann","password":"the right one"}`))
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Fatalf("sign-up: %v %v", resp, err)
	}
	resp.Body.Close()
	post(`{"name":"warm","password":"up"}`) // makes the dummy hash
	for _, c := range []struct{ name, body string }{
		{"wrong password", `{"name":"ann","password":"a wrong one"}`},
		{"unknown name", `{"name":"nobody","password":"a wrong one"}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				clock.Advance(time.Minute)
				if code := post(c.body); code != http.StatusUnauthorized {
					b.Fatalf("sign-in: %d; want 401", code)
				}
			}
		})
	}
}

// TestSessionCookieSecureOverTLS: over TLS the session cookie is Secure
// too (over plain HTTP, TestAccountsOverHTTP checks that it is not).
func TestSessionCookieSecureOverTLS(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	srv, err := server.New(server.Config{Store: st, Accounts: st, Clock: newFakeClock(), Physics: physics.Default(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewTLSServer(srv.Handler())
	defer hs.Close()
	resp, err := hs.Client().Post(hs.URL+"/api/account/signup", "application/json", strings.NewReader(`{"name":"ann","password":"long enough"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var cookie string
	for _, sc := range resp.Header.Values("Set-Cookie") {
		if strings.HasPrefix(sc, "carrom_session=") {
			cookie = sc
		}
	}
	if resp.StatusCode != http.StatusOK || !strings.Contains(cookie, "; Secure") || !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") {
		t.Errorf("sign-up over TLS: %d, session cookie %q; want Secure, HttpOnly, SameSite=Lax", resp.StatusCode, cookie)
	}
}
