package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode"

	"golang.org/x/time/rate"

	"github.com/carrom-game/carrom/internal/carrom"
)

// Accounts keeps accounts, their sessions, ratings and challenges;
// internal/store implements it. A name in use is carrom.ErrNameTaken, a
// missing account, session or challenge carrom.ErrNotFound.
type Accounts interface {
	CreateAccount(ctx context.Context, a carrom.Account, token string) error
	AccountByName(ctx context.Context, name string) (carrom.Account, error)
	AccountByID(ctx context.Context, id string) (carrom.Account, error)
	AccountByToken(ctx context.Context, token string) (carrom.Account, error)
	LinkToken(ctx context.Context, token, accountID string) error
	SetPassword(ctx context.Context, accountID, hash string) error
	DeleteAccount(ctx context.Context, accountID string) error

	CreateSession(ctx context.Context, se carrom.Session) error
	Session(ctx context.Context, hash string, now time.Time) (carrom.Session, carrom.Account, error)
	DeleteSession(ctx context.Context, hash string) error
	DeleteOtherSessions(ctx context.Context, accountID, keep string) error

	PlayedMatches(ctx context.Context, accountID string) ([]carrom.PlayedMatch, error)
	// RatedSheets lists the rated real-board matches of an account, newest first.
	RatedSheets(ctx context.Context, accountID string) ([]carrom.RatedSheet, error)
	RateMatch(ctx context.Context, m carrom.RatedMatch) ([]carrom.RatingChange, error)
	Ratings(ctx context.Context, accountID string) ([]carrom.Rating, error)
	Leaderboard(ctx context.Context, pool carrom.Pool, limit int) ([]carrom.Rating, error)
	RatingHistory(ctx context.Context, accountID string, pool carrom.Pool) ([]carrom.RatingPoint, error)

	CreateChallenge(ctx context.Context, c carrom.Challenge) error
	Challenge(ctx context.Context, id string) (carrom.Challenge, error)
	Challenges(ctx context.Context, accountID string) ([]carrom.Challenge, error)
	SetChallenge(ctx context.Context, id, status, tableID string) error
}

// Errors of account requests.
var (
	// ErrSignIn is the one answer to a wrong name or a wrong password, so
	// that it tells nobody which names exist.
	ErrSignIn      = errors.New("wrong name or password")
	ErrNotSignedIn = errors.New("not signed in")
	ErrCSRF        = errors.New("missing or wrong X-CSRF-Token")
	// ErrSitCSRF refuses a signed-in browser's "sit" without its session's
	// CSRF token.
	ErrSitCSRF   = errors.New(`missing or wrong "csrf" (the session's token from GET /api/account)`)
	ErrNameTaken = carrom.ErrNameTaken
)

const (
	sessionCookie = "carrom_session"
	csrfHeader    = "X-CSRF-Token"
	sessionLife   = 30 * 24 * time.Hour
)

// Sign-in limits: each name may be tried 5 times, then once a minute;
// each address 20 times, then once every 10 s (addresses share names
// behind one NAT, names are what an attacker aims at).
var (
	nameLimit = limit{every: time.Minute, burst: 5}
	addrLimit = limit{every: 10 * time.Second, burst: 20}
)

type limit struct {
	every time.Duration
	burst int
}

// limiter counts attempts by key, each key a token bucket on the server's
// clock; at most maxKeys are kept, the full buckets dropped first.
type limiter struct {
	limit
	mu   sync.Mutex
	keys map[string]*rate.Limiter
}

const maxKeys = 1 << 14

func newLimiter(l limit) *limiter { return &limiter{limit: l, keys: map[string]*rate.Limiter{}} }

func (l *limiter) allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.keys[key]
	if b == nil {
		if len(l.keys) >= maxKeys {
			for k, old := range l.keys {
				if old.TokensAt(now) >= float64(l.burst) {
					delete(l.keys, k)
				}
			}
			if len(l.keys) >= maxKeys {
				return false
			}
		}
		b = rate.NewLimiter(rate.Every(l.every), l.burst)
		l.keys[key] = b
	}
	return b.AllowN(now, 1)
}

// accountState is what the server keeps for accounts: the sign-in limits,
// a hash to check unknown names against, and a bound on hashes computed at
// once (each takes 64 MiB).
type accountState struct {
	byName, byAddr *limiter
	hashing        chan struct{}
	dummyOnce      sync.Once
	dummy          string
}

func newAccountState() *accountState {
	return &accountState{byName: newLimiter(nameLimit), byAddr: newLimiter(addrLimit), hashing: make(chan struct{}, 2)}
}

// hash and check run argon2id, two at a time at most.
func (s *Server) hash(ctx context.Context, pw string) (string, error) {
	select {
	case s.acct.hashing <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-s.acct.hashing }()
	return hashPassword(pw)
}

func (s *Server) check(ctx context.Context, hash, pw string) (bool, error) {
	select {
	case s.acct.hashing <- struct{}{}:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	defer func() { <-s.acct.hashing }()
	return checkPassword(hash, pw)
}

// dummyHash is checked for a name that has no account, so that a sign-in
// takes as long whether the name exists or not.
func (s *Server) dummyHash() string {
	s.acct.dummyOnce.Do(func() {
		h, err := hashPassword(newID(16))
		if err != nil {
			panic("server: no randomness: " + err.Error())
		}
		s.acct.dummy = h
	})
	return s.acct.dummy
}

// routeAccounts adds the account, rating and challenge routes.
func (s *Server) routeAccounts(mux *http.ServeMux) {
	if s.accounts == nil {
		return
	}
	mux.HandleFunc("GET /api/account", s.getAccount)
	mux.Handle("POST /api/account/signup", s.identified(http.HandlerFunc(s.signUp)))
	mux.Handle("POST /api/account/signin", s.identified(http.HandlerFunc(s.signIn)))
	mux.HandleFunc("POST /api/account/signout", s.signOut)
	mux.HandleFunc("POST /api/account/password", s.changePassword)
	mux.HandleFunc("DELETE /api/account", s.deleteAccount)
	mux.HandleFunc("GET /api/players/{name}", s.getPlayer)
	mux.HandleFunc("GET /api/players/{name}/rating.svg", s.ratingChart)
	mux.HandleFunc("GET /api/leaderboard", s.leaderboard)
	mux.HandleFunc("GET /api/expected", s.expected)
	mux.HandleFunc("GET /api/challenges", s.listChallenges)
	mux.Handle("POST /api/challenges", s.identified(http.HandlerFunc(s.challenge)))
	mux.Handle("POST /api/challenges/{id}/{answer}", s.identified(http.HandlerFunc(s.answerChallenge)))
}

type sessionKey struct{}

// csrf refuses a state-changing request of a signed-in browser that does
// not carry its session's CSRF token (the synchronizer-token pattern; the
// cookie is SameSite=Lax and http.CrossOriginProtection checks the
// origin too). The session found is kept in the request's context.
func (s *Server) csrf(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.accounts == nil {
			next.ServeHTTP(w, r)
			return
		}
		se, a, ok := s.lookupSession(r)
		if ok {
			r = r.WithContext(context.WithValue(r.Context(), sessionKey{}, signedIn{se, a}))
			switch r.Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
			default:
				if subtle.ConstantTimeCompare([]byte(r.Header.Get(csrfHeader)), []byte(se.CSRF)) != 1 {
					apiError(w, fmt.Errorf("server: %s %s: %w", r.Method, r.URL.Path, ErrCSRF))
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

type signedIn struct {
	se carrom.Session
	a  carrom.Account
}

func hashSession(v string) string {
	sum := sha256.Sum256([]byte(v))
	return hex.EncodeToString(sum[:])
}

func (s *Server) lookupSession(r *http.Request) (carrom.Session, carrom.Account, bool) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || len(c.Value) != 64 {
		return carrom.Session{}, carrom.Account{}, false
	}
	se, a, err := s.accounts.Session(r.Context(), hashSession(c.Value), s.clock.Now())
	if err != nil {
		if !errors.Is(err, carrom.ErrNotFound) {
			s.log.Error("reading a session", "err", err)
		}
		return se, a, false
	}
	return se, a, true
}

// SignedIn is the account of a request's session, if any.
func (s *Server) SignedIn(r *http.Request) (carrom.Account, bool) {
	if v, ok := r.Context().Value(sessionKey{}).(signedIn); ok {
		return v.a, true
	}
	return carrom.Account{}, false
}

func session(r *http.Request) (signedIn, error) {
	v, ok := r.Context().Value(sessionKey{}).(signedIn)
	if !ok {
		return v, fmt.Errorf("server: %w", ErrNotSignedIn)
	}
	return v, nil
}

// readJSON decodes a JSON body of at most maxBody bytes, strictly.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return fmt.Errorf("server: content type %q: %w", r.Header.Get("Content-Type"), errMediaType)
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return fmt.Errorf("server: a body over %d bytes: %w", maxBody, ErrBadConfig)
	}
	if err := decodeStrict(data, v); err != nil {
		return fmt.Errorf("server: %v: %w", err, ErrBadConfig)
	}
	return nil
}

// checkName: 3 to 20 letters, digits, '_', '-' or '.', so that a name is
// its own profile's address (/u/NAME).
func checkName(name string) error {
	n := 0
	for _, r := range name {
		n++
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '.' {
			return fmt.Errorf("server: a name is letters, digits, _, - and . only: %w", ErrBadConfig)
		}
	}
	if n < 3 || n > 20 {
		return fmt.Errorf("server: a name is 3 to 20 characters: %w", ErrBadConfig)
	}
	return nil
}

// checkNewPassword: 8 to 256 bytes (NIST SP 800-63B's floor; the ceiling
// bounds the work of a hash).
func checkNewPassword(pw string) error {
	if len(pw) < 8 || len(pw) > 256 {
		return fmt.Errorf("server: a password is 8 to 256 bytes: %w", ErrBadConfig)
	}
	return nil
}

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

func address(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// startSession signs the browser in: a new session, its cookie, and the
// browser's games made the account's.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, a carrom.Account) {
	ctx := r.Context()
	value, now := newID(32), s.clock.Now()
	se := carrom.Session{Hash: hashSession(value), AccountID: a.ID, CSRF: newID(32), Created: now, Expires: now.Add(sessionLife)}
	if err := s.accounts.CreateSession(ctx, se); err != nil {
		apiError(w, err)
		return
	}
	if err := s.accounts.LinkToken(ctx, token(r), a.ID); err != nil {
		apiError(w, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: value, Path: "/", HttpOnly: true, Secure: r.TLS != nil,
		SameSite: http.SameSiteLaxMode, MaxAge: int(sessionLife / time.Second)})
	writeJSON(w, http.StatusOK, accountJSON{SignedIn: true, Name: a.Name, CSRF: se.CSRF})
}

type accountJSON struct {
	SignedIn bool   `json:"signed_in"`
	Name     string `json:"name,omitempty"`
	CSRF     string `json:"csrf,omitempty"`
}

func (s *Server) getAccount(w http.ResponseWriter, r *http.Request) {
	v, err := session(r)
	if err != nil {
		writeJSON(w, http.StatusOK, accountJSON{})
		return
	}
	writeJSON(w, http.StatusOK, accountJSON{SignedIn: true, Name: v.a.Name, CSRF: v.se.CSRF})
}

func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := readJSON(w, r, &c); err != nil {
		apiError(w, err)
		return
	}
	if err := checkName(c.Name); err != nil {
		apiError(w, err)
		return
	}
	if err := checkNewPassword(c.Password); err != nil {
		apiError(w, err)
		return
	}
	if !s.acct.byAddr.allow(address(r), s.clock.Now()) {
		apiError(w, fmt.Errorf("server: too many attempts from this address; try again later: %w", ErrTooMany))
		return
	}
	h, err := s.hash(r.Context(), c.Password)
	if err != nil {
		apiError(w, err)
		return
	}
	a := carrom.Account{ID: newID(12), Name: c.Name, Password: h, Created: s.clock.Now()}
	if err := s.accounts.CreateAccount(r.Context(), a, token(r)); err != nil {
		apiError(w, err)
		return
	}
	s.log.Info("account created", "account", a.ID)
	s.startSession(w, r, a)
}

// signIn checks a name and password. Both limits are taken before the
// password is checked, for names that exist and names that do not alike;
// an unknown name is checked against a dummy hash, so the answer and its
// time say nothing of which names exist.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := readJSON(w, r, &c); err != nil {
		apiError(w, err)
		return
	}
	now := s.clock.Now()
	if !s.acct.byName.allow(nameKeyOf(c.Name), now) || !s.acct.byAddr.allow(address(r), now) {
		apiError(w, fmt.Errorf("server: too many sign-in attempts; try again later: %w", ErrTooMany))
		return
	}
	a, err := s.accounts.AccountByName(r.Context(), c.Name)
	hash := a.Password
	switch {
	case errors.Is(err, carrom.ErrNotFound):
		hash = s.dummyHash()
	case err != nil:
		apiError(w, err)
		return
	}
	ok, cerr := s.check(r.Context(), hash, c.Password)
	if cerr != nil && err == nil {
		s.log.Error("an unreadable password hash", "account", a.ID)
	}
	if err != nil || !ok {
		apiError(w, fmt.Errorf("server: %w", ErrSignIn))
		return
	}
	s.startSession(w, r, a)
}

// nameKeyOf is the key of a name's sign-in limit: the name as the store
// finds it (any case), bounded in length.
func nameKeyOf(name string) string {
	if len(name) > 64 {
		name = name[:64]
	}
	return strings.ToLower(name)
}

// signOut ends the session and gives the browser a new anonymous identity,
// so that what it plays next is no longer the account's.
func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	v, err := session(r)
	if err != nil {
		apiError(w, err)
		return
	}
	if err := s.accounts.DeleteSession(r.Context(), v.se.Hash); err != nil {
		apiError(w, err)
		return
	}
	s.forget(w, r)
	writeJSON(w, http.StatusOK, accountJSON{})
}

// forget clears the session cookie and replaces the identity cookie.
func (s *Server) forget(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true, Secure: r.TLS != nil, SameSite: http.SameSiteLaxMode, MaxAge: -1})
	http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: newID(16), Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, MaxAge: 10 * 365 * 24 * 3600})
}

// reauth checks the signed-in account's password again, under the name's
// sign-in limit.
func (s *Server) reauth(ctx context.Context, r *http.Request, v signedIn, pw string) error {
	now := s.clock.Now()
	if !s.acct.byName.allow(nameKeyOf(v.a.Name), now) || !s.acct.byAddr.allow(address(r), now) {
		return fmt.Errorf("server: too many attempts; try again later: %w", ErrTooMany)
	}
	ok, err := s.check(ctx, v.a.Password, pw)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("server: %w", ErrSignIn)
	}
	return nil
}

// changePassword sets a new password and signs every other browser out.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	v, err := session(r)
	if err != nil {
		apiError(w, err)
		return
	}
	var body struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := readJSON(w, r, &body); err != nil {
		apiError(w, err)
		return
	}
	if err := checkNewPassword(body.New); err != nil {
		apiError(w, err)
		return
	}
	if err := s.reauth(r.Context(), r, v, body.Old); err != nil {
		apiError(w, err)
		return
	}
	h, err := s.hash(r.Context(), body.New)
	if err != nil {
		apiError(w, err)
		return
	}
	if err := s.accounts.SetPassword(r.Context(), v.a.ID, h); err != nil {
		apiError(w, err)
		return
	}
	if err := s.accounts.DeleteOtherSessions(r.Context(), v.a.ID, v.se.Hash); err != nil {
		apiError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, accountJSON{SignedIn: true, Name: v.a.Name, CSRF: v.se.CSRF})
}

// deleteAccount removes the account and its personal data, after its
// password.
func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request) {
	v, err := session(r)
	if err != nil {
		apiError(w, err)
		return
	}
	var body struct {
		Password string `json:"password"`
	}
	if err := readJSON(w, r, &body); err != nil {
		apiError(w, err)
		return
	}
	if err := s.reauth(r.Context(), r, v, body.Password); err != nil {
		apiError(w, err)
		return
	}
	if err := s.accounts.DeleteAccount(r.Context(), v.a.ID); err != nil {
		apiError(w, err)
		return
	}
	s.log.Info("account deleted", "account", v.a.ID)
	s.forget(w, r)
	writeJSON(w, http.StatusOK, accountJSON{})
}
