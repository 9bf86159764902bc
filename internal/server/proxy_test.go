package server_test

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/physics"
)

// setCookies are a response's cookies by name, as Set-Cookie wrote them.
func setCookies(h http.Header) map[string]string {
	out := map[string]string{}
	for _, sc := range h.Values("Set-Cookie") {
		name, _, _ := strings.Cut(sc, "=")
		out[name] = sc
	}
	return out
}

func secureCookie(sc string) bool { return strings.Contains(sc, "; Secure") }

// fresh sends a request from a browser without cookies: its status and
// the cookies the answer sets.
func fresh(t *testing.T, e *env, method, path, body string, headers ...string) (int, map[string]string) {
	t.Helper()
	req, err := http.NewRequest(method, e.http.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, setCookies(resp.Header)
}

// TestCookiesSecureBehindTLSProxy: behind a trusted proxy that says the
// browser came over HTTPS (X-Forwarded-Proto), both cookies are Secure;
// without it, or from a peer that is no trusted proxy, they are not.
func TestCookiesSecureBehindTLSProxy(t *testing.T) {
	e := behindProxy(t, nil)
	_, cs := fresh(t, e, "GET", "/", "", "X-Forwarded-Proto", "https")
	if c := cs["carrom_token"]; !secureCookie(c) || !strings.Contains(c, "HttpOnly") {
		t.Errorf("the identity cookie behind a TLS proxy: %q; want Secure, HttpOnly", c)
	}
	code, cs := fresh(t, e, "POST", "/api/account/signup", `{"name":"ann","password":"long enough"}`, "X-Forwarded-Proto", "https")
	if code != http.StatusOK || !secureCookie(cs["carrom_session"]) || !secureCookie(cs["carrom_token"]) {
		t.Errorf("sign-up behind a TLS proxy: %d, cookies %q; want both Secure", code, cs)
	}
	_, cs = fresh(t, e, "GET", "/", "", "X-Forwarded-Proto", "http")
	if c := cs["carrom_token"]; c == "" || secureCookie(c) {
		t.Errorf("the identity cookie over plain HTTP at the proxy: %q; want not Secure", c)
	}

	direct := newEnv(t, t.TempDir())
	_, cs = fresh(t, direct, "GET", "/", "", "X-Forwarded-Proto", "https")
	if c := cs["carrom_token"]; c == "" || secureCookie(c) {
		t.Errorf("X-Forwarded-Proto from a peer that is no trusted proxy: %q; want it ignored", c)
	}
}

// TestPublicURL: with an https public address, both cookies are Secure,
// and a POST or WebSocket from that origin passes the origin checks
// though the proxy forwards another Host; another origin is refused.
func TestPublicURL(t *testing.T) {
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) { c.PublicURL = "https://carrom.example" })
	code, cs := fresh(t, e, "POST", "/api/account/signup", `{"name":"ann","password":"long enough"}`, "Origin", "https://carrom.example")
	if code != http.StatusOK || !secureCookie(cs["carrom_session"]) || !secureCookie(cs["carrom_token"]) {
		t.Errorf("sign-up from the public origin: %d, cookies %q; want 200, both Secure", code, cs)
	}
	if code, body, _ := e.player().request("POST", "/api/account/signin", `{"name":"ann","password":"long enough"}`, "Origin", "https://elsewhere.example"); code != http.StatusForbidden {
		t.Errorf("a sign-in from another origin: %d %s; want 403", code, body)
	}
	id := e.player().create(withComputer(1))
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/ws/" + id
	for origin, ok := range map[string]bool{"https://carrom.example": true, "https://elsewhere.example": false} {
		c, resp, err := websocket.Dial(context.Background(), url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {origin}}})
		if (err == nil) != ok {
			t.Errorf("a WebSocket from %s: %v %v; want accepted %v", origin, resp, err, ok)
		}
		if c != nil {
			c.CloseNow()
		}
	}

	for _, bad := range []string{"carrom.example", "ftp://carrom.example", "https://carrom.example/play", "https://"} {
		if _, err := server.New(server.Config{Store: e.st, Physics: physics.Default(), PublicURL: bad}); err == nil || !strings.Contains(err.Error(), "public URL") {
			t.Errorf("public URL %q: %v; want refused", bad, err)
		}
	}
}

// TestClientAddressBehindProxy: behind a trusted proxy, the limits count
// the client's address from X-Forwarded-For (the last one the proxies
// did not add), never the proxy's, and never what the client wrote
// before them.
func TestClientAddressBehindProxy(t *testing.T) {
	e := behindProxy(t, func(c *server.Config) {
		c.TrustedProxies = append(c.TrustedProxies, netip.MustParsePrefix("192.0.2.0/24"))
	})
	p := e.player()
	// The same client, 10.0.0.1, behind two proxies, writing a new
	// address of his own before them each time.
	for i := range 20 {
		if code, body, _ := p.request("POST", "/api/account/signin", `{"name":"nobody`+string(rune('a'+i))+`","password":"guess"}`,
			"X-Forwarded-For", "203.0.113."+string(rune('1'+i%9))+", 10.0.0.1, 192.0.2.7"); code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d %s", i, code, body)
		}
	}
	if code, body, _ := p.request("POST", "/api/account/signin", `{"name":"nobodyz","password":"guess"}`, "X-Forwarded-For", "198.51.100.1, 10.0.0.1"); code != http.StatusTooManyRequests {
		t.Errorf("attempt 21 from 10.0.0.1: %d %s; want 429", code, body)
	}
	if code, body, _ := p.request("POST", "/api/account/signin", `{"name":"nobodyz","password":"guess"}`, "X-Forwarded-For", "10.0.0.2"); code != http.StatusUnauthorized {
		t.Errorf("another client behind the same proxy: %d %s; want 401", code, body)
	}
}
