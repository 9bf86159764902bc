package account

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// Clock is the time the service reads: the server's.
type Clock interface{ Now() time.Time }

// Env is what the accounts need of the rest of the server: the store of
// accounts and sessions, the clock and the log, and of the server's HTTP
// the browser's identity (its token cookie) and the client's address.
type Env struct {
	Store Store
	Clock Clock
	Log   *slog.Logger
	// Identified gives a handler the browser's identity token, which
	// Token reads; a browser without one gets a new one.
	Identified func(http.Handler) http.Handler
	Token      func(*http.Request) string
	// SetToken gives the browser a new identity token.
	SetToken func(w http.ResponseWriter, r *http.Request, token string)
	// Cookie is a cookie as the server sets them (HttpOnly, SameSite=Lax,
	// Secure over https); a negative maxAge deletes it.
	Cookie func(r *http.Request, name, value string, maxAge int) *http.Cookie
	// Address is the client's address, for the limits per address.
	Address func(*http.Request) string
	// Deleted is told the seats a deleted account held (the store has
	// given them to nobody already), so that the tables in play let them
	// go.
	Deleted func(ctx context.Context, seats []carrom.HeldSeat)
	// Offered reports whether the page is offered in a language (a tag),
	// which an account may then read it in; nil offers none.
	Offered func(tag string) bool
}

// Service is the accounts of a server: sign-up, sign-in and out, the
// sessions and their CSRF tokens, the password, deleting an account, the
// search of names, and the limits on each.
type Service struct {
	Env
	hash  *hasher
	limit limits
}

// New makes the accounts' service of env. A nil Store keeps no accounts:
// no routes, and the middleware finds no one signed in.
func New(env Env) *Service {
	return &Service{Env: env, hash: newHasher(), limit: newLimits()}
}

// Route adds the accounts' routes to mux: the account of the session
// (/api/account and its sign-up, sign-in, sign-out, password, language
// and deletion) and the search of names (GET /api/players?prefix=).
func (s *Service) Route(mux *http.ServeMux) {
	if s.Store == nil {
		return
	}
	mux.Handle("GET /api/account", s.WithSession(s.getAccount))
	mux.Handle("POST /api/account/signup", s.Identified(http.HandlerFunc(s.signUp)))
	mux.Handle("POST /api/account/signin", s.Identified(http.HandlerFunc(s.signIn)))
	mux.HandleFunc("POST /api/account/signout", s.signOut)
	mux.HandleFunc("POST /api/account/password", s.changePassword)
	mux.HandleFunc("POST /api/account/lang", s.setLang)
	mux.HandleFunc("DELETE /api/account", s.deleteAccount)
	mux.HandleFunc("GET /api/players", s.searchPlayers)
}

// PlaysAs is the account the browser of token plays as now: the one
// whose session it holds; carrom.ErrNotFound if none.
func (s *Service) PlaysAs(ctx context.Context, token string) (Account, error) {
	return s.Store.AccountBySession(ctx, token, s.Clock.Now())
}

func newID(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("account: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}
