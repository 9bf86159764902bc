package server_test

import (
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/server"
)

// behindProxy starts a server that trusts the test's loopback client as
// its proxy, so that a request's X-Forwarded-For names its address.
func behindProxy(t *testing.T, edit func(*server.Config)) *env {
	return newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
		if edit != nil {
			edit(c)
		}
	})
}

// from is a header pair naming the client's address to a server behind
// a proxy.
func from(addr string) []string { return []string{"X-Forwarded-For", addr} }

// TestSignInFloodFromOneAddress: one address tries 16,500 made-up names,
// more than the per-name table holds; once its own bucket is empty its
// attempts never reach that table, so a player from another address
// signs in with his password at once. Every 429 says when to try again.
func TestSignInFloodFromOneAddress(t *testing.T) {
	e := behindProxy(t, nil)
	ann := e.player()
	if code, a, _ := ann.request("POST", "/api/account/signup", `{"name":"ann","password":"the right one"}`, from("10.0.0.2")...); code != http.StatusOK {
		t.Fatalf("sign-up: %d %s", code, a)
	}
	attacker := e.player()
	var refused, other atomic.Int64
	var retry sync.Once
	const workers, attempts = 4, 16500
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < attempts; i += workers {
				code, body, h := attacker.request("POST", "/api/account/signin", fmt.Sprintf(`{"name":"made-up%d","password":"anything"}`, i), from("10.0.0.1")...)
				switch code {
				case http.StatusTooManyRequests:
					refused.Add(1)
					retry.Do(func() {
						if s, err := strconv.Atoi(h.Get("Retry-After")); err != nil || s < 1 || s > 10 || !strings.Contains(body, "from this address") {
							t.Errorf("a 429 of the address's limit: Retry-After %q, %s; want 1 to 10 s, in words", h.Get("Retry-After"), body)
						}
					})
				case http.StatusUnauthorized:
				default:
					other.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if refused.Load() != attempts-20 || other.Load() != 0 {
		t.Errorf("the flood: %d refused, %d other answers; want all but the address's 20 refused", refused.Load(), other.Load())
	}
	bob := e.player()
	if code, body, _ := bob.request("POST", "/api/account/signin", `{"name":"ann","password":"the right one"}`, from("10.0.0.2")...); code != http.StatusOK {
		t.Errorf("ann from another address after the flood: %d %s; want 200", code, body)
	}
}

// TestSignInLimitRetryAfter: a name's empty bucket answers 429 with the
// seconds until its next attempt, in plain words.
func TestSignInLimitRetryAfter(t *testing.T) {
	e := behindProxy(t, nil)
	p := e.player()
	for i := range 5 {
		if code, body, _ := p.request("POST", "/api/account/signin", `{"name":"ann","password":"guess"}`, from(fmt.Sprintf("10.0.1.%d", i))...); code != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d %s", i, code, body)
		}
	}
	e.clock.Advance(15 * time.Second)
	code, body, h := p.request("POST", "/api/account/signin", `{"name":"ann","password":"guess"}`, from("10.0.1.9")...)
	if code != http.StatusTooManyRequests || h.Get("Retry-After") != "45" || !strings.Contains(body, "try again in 45 s") || strings.Contains(body, "server:") {
		t.Errorf("the sixth guess at ann, 15 s on: %d, Retry-After %q, %s; want 429, 45 s, in plain words", code, h.Get("Retry-After"), body)
	}
}
