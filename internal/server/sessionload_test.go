package server_test

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
)

// countingAccounts counts the session lookups, each a database query.
type countingAccounts struct {
	*store.DB
	sessions atomic.Int64
}

func (a *countingAccounts) Session(ctx context.Context, hash string, now time.Time) (account.Session, account.Account, error) {
	a.sessions.Add(1)
	return a.DB.Session(ctx, hash, now)
}

// TestSessionLoadedOnlyWhereNeeded: a signed-in browser's page, asset and
// lobby poll cost no session lookup; the account's own routes and every
// change (which needs the CSRF token) look it up once.
func TestSessionLoadedOnlyWhereNeeded(t *testing.T) {
	var acc *countingAccounts
	web := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "web "+r.URL.Path) })
	e := newEnvWith(t, t.TempDir(), newFakeClock(), func(c *server.Config) {
		acc = &countingAccounts{DB: c.Store.(*store.DB)}
		c.Accounts, c.Web = acc, web
	})
	p := e.player()
	if code, a, _ := p.account("signup", "ann", "long enough"); code != http.StatusOK || !a.SignedIn {
		t.Fatalf("sign-up: %d %+v", code, a)
	}
	csrf := p.me().CSRF
	for _, c := range []struct {
		method, path, body string
		lookups            int64
	}{
		{"GET", "/", "", 0},
		{"GET", "/assets/app.js", "", 0},
		{"GET", "/api/tables", "", 0},
		{"GET", "/api/leaderboard", "", 0},
		{"GET", "/api/players/ann", "", 0},
		{"GET", "/healthz", "", 0},
		{"GET", "/api/account", "", 1},
		{"GET", "/api/challenges", "", 1},
		{"POST", "/api/tables", `{"rules":"icf","players":2,"seats":[{"kind":"human"},{"kind":"human"}]}`, 1},
	} {
		before := acc.sessions.Load()
		code, body, _ := p.request(c.method, c.path, c.body, "X-CSRF-Token", csrf)
		if code >= 400 {
			t.Errorf("%s %s: %d %s", c.method, c.path, code, body)
		}
		if n := acc.sessions.Load() - before; n != c.lookups {
			t.Errorf("%s %s by a signed-in browser: %d session lookups; want %d", c.method, c.path, n, c.lookups)
		}
	}
}
