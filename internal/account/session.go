package account

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

const (
	sessionCookie = "carrom_session"
	csrfHeader    = "X-CSRF-Token"
	sessionLife   = 30 * 24 * time.Hour
)

type sessionKey struct{}

// SignedIn is a signed-in browser: its session and its account.
type SignedIn struct {
	Session Session
	Account Account
}

// Of is the signed-in browser of a request, on the routes that load its
// session (CSRF for a POST or DELETE, WithSession); ErrNotSignedIn if it
// is not signed in.
func Of(r *http.Request) (SignedIn, error) {
	v, ok := r.Context().Value(sessionKey{}).(SignedIn)
	if !ok {
		return v, ErrNotSignedIn
	}
	return v, nil
}

// CSRF refuses a state-changing request of a signed-in browser that does
// not carry its session's CSRF token (the synchronizer-token pattern; the
// cookie is SameSite=Lax and http.CrossOriginProtection checks the
// origin too), and keeps the session found in the request's context. A
// GET, HEAD or OPTIONS changes nothing, so it costs no session lookup
// (a database query) unless its route asks for the account (WithSession):
// not a page, an asset or a lobby poll.
func (s *Service) CSRF(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		r, se, ok := s.withSessionOf(r)
		if ok && subtle.ConstantTimeCompare([]byte(r.Header.Get(csrfHeader)), []byte(se.CSRF)) != 1 {
			fail(w, ErrCSRF)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// WithSession loads the session of a signed-in browser for a GET that
// acts for its account (the account, its challenges, the WebSocket).
func (s *Service) WithSession(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, _, _ = s.withSessionOf(r)
		next(w, r)
	})
}

// withSessionOf is r with its browser's session in its context, if it is
// signed in.
func (s *Service) withSessionOf(r *http.Request) (*http.Request, Session, bool) {
	if s.Store == nil {
		return r, Session{}, false
	}
	se, a, ok := s.lookupSession(r)
	if ok {
		r = r.WithContext(context.WithValue(r.Context(), sessionKey{}, SignedIn{se, a}))
	}
	return r, se, ok
}

func hashSession(v string) string {
	sum := sha256.Sum256([]byte(v))
	return hex.EncodeToString(sum[:])
}

func (s *Service) lookupSession(r *http.Request) (Session, Account, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || len(c.Value) != 64 {
		return Session{}, Account{}, false
	}
	se, a, err := s.Store.Session(r.Context(), hashSession(c.Value), s.Clock.Now())
	if err != nil {
		if !errors.Is(err, carrom.ErrNotFound) {
			s.Log.Error("reading a session", "err", err)
		}
		return se, a, false
	}
	return se, a, true
}

// startSession signs the browser in: a new session, its cookie, and the
// browser's games made the account's. A browser whose token is or was
// another account's, or whose link to this one has ended, gets a new
// token: its games stay where they were, and it plays as this account.
func (s *Service) startSession(w http.ResponseWriter, r *http.Request, a Account) {
	ctx := r.Context()
	tok := s.Token(r)
	ok, err := s.Store.LinkToken(ctx, tok, a.ID)
	if err == nil && !ok {
		tok = newID(16)
		if _, err = s.Store.LinkToken(ctx, tok, a.ID); err == nil {
			s.SetToken(w, r, tok)
		}
	}
	if err != nil {
		fail(w, err)
		return
	}
	value, now := newID(32), s.Clock.Now()
	se := Session{Hash: hashSession(value), AccountID: a.ID, CSRF: newID(32), Token: tok, Created: now, Expires: now.Add(sessionLife)}
	if err := s.Store.CreateSession(ctx, se); err != nil {
		fail(w, err)
		return
	}
	http.SetCookie(w, s.Cookie(r, sessionCookie, value, int(sessionLife/time.Second)))
	writeAccount(w, SignedIn{se, a})
}

// forget clears the session cookie and replaces the identity cookie.
func (s *Service) forget(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, s.Cookie(r, sessionCookie, "", -1))
	s.SetToken(w, r, newID(16))
}
