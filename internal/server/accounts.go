package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/rating"
)

// Accounts keeps accounts, their sessions, ratings and challenges;
// internal/store implements it. A name in use is carrom.ErrNameTaken, a
// missing account, session or challenge carrom.ErrNotFound.
type Accounts interface {
	CreateAccount(ctx context.Context, a carrom.Account, token string) error
	AccountByName(ctx context.Context, name string) (carrom.Account, error)
	// NamesByPrefix lists at most limit names that begin with prefix, in
	// any case.
	NamesByPrefix(ctx context.Context, prefix string, limit int) ([]string, error)
	AccountByID(ctx context.Context, id string) (carrom.Account, error)
	AccountByToken(ctx context.Context, token string) (carrom.Account, error)
	// AccountBySession is the account whose session the browser of token
	// holds at now: the one it plays as.
	AccountBySession(ctx context.Context, token string, now time.Time) (carrom.Account, error)
	// LinkToken reports false if the token is or was another account's, or
	// its link to this one has ended.
	LinkToken(ctx context.Context, token, accountID string) (bool, error)
	SetPassword(ctx context.Context, accountID, hash string) error
	// DeleteAccount returns the seats the account held, renamed
	// carrom.DeletedName and held by carrom.DeletedToken in the store.
	DeleteAccount(ctx context.Context, accountID string) ([]carrom.HeldSeat, error)

	CreateSession(ctx context.Context, se carrom.Session) error
	Session(ctx context.Context, hash string, now time.Time) (carrom.Session, carrom.Account, error)
	DeleteSession(ctx context.Context, hash string, at time.Time) error
	DeleteOtherSessions(ctx context.Context, accountID, keep string, at time.Time) error

	PlayedMatches(ctx context.Context, accountID string) ([]carrom.PlayedMatch, error)
	// RatedSheets lists the rated real-board matches of an account, newest first.
	RatedSheets(ctx context.Context, accountID string) ([]carrom.RatedSheet, error)
	// Rate runs the rating's policy in one transaction over the rows of
	// ratings, committed if it returns no error.
	Rate(ctx context.Context, policy func(rating.Ledger) error) error
	// RatedBetween counts the rated matches two accounts played against
	// each other in a rating period (rating.Day).
	RatedBetween(ctx context.Context, a, b string, day int64) (int, error)
	Ratings(ctx context.Context, accountID string) ([]carrom.Rating, error)
	Leaderboard(ctx context.Context, pool carrom.Pool, limit int) ([]carrom.Rating, error)
	RatingHistory(ctx context.Context, accountID string, pool carrom.Pool) ([]carrom.RatingPoint, error)

	CreateChallenge(ctx context.Context, c carrom.Challenge) error
	Challenge(ctx context.Context, id string) (carrom.Challenge, error)
	Challenges(ctx context.Context, accountID string) ([]carrom.Challenge, error)
	SetChallenge(ctx context.Context, id string, status carrom.ChallengeStatus, tableID string) error
	// ReopenChallenge opens again a challenge accepted with tableID.
	ReopenChallenge(ctx context.Context, id, tableID string) error
}

// Errors of account requests.
var (
	// ErrSignIn is the one answer to a wrong name or a wrong password, so
	// that it tells nobody which names exist.
	ErrSignIn      = httpapi.New(http.StatusUnauthorized, "wrong name or password")
	ErrNotSignedIn = httpapi.New(http.StatusUnauthorized, "not signed in")
	ErrCSRF        = httpapi.New(http.StatusForbidden, "a signed-in browser's POST and DELETE need the session's X-CSRF-Token header (GET /api/account gives it)")
	ErrNameTaken   = carrom.ErrNameTaken
	ErrBadName     = carrom.ErrBadName
	ErrBadPassword = httpapi.New(http.StatusBadRequest, "a password is 8 to 256 bytes")
	// ErrSitCSRF refuses a signed-in browser's "sit" without its session's
	// CSRF token.
	ErrSitCSRF = httpapi.New(http.StatusForbidden, `a signed-in browser's "sit" needs its session's "csrf" token (GET /api/account gives it)`)
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
	nameLimit = httpapi.Limit{Every: time.Minute, Burst: 5}
	addrLimit = httpapi.Limit{Every: 10 * time.Second, Burst: 20}
)

// accountState is what the server keeps for accounts: the sign-in limits,
// a hash to check unknown names against, and a bound on hashes computed at
// once (each takes 64 MiB).
type accountState struct {
	byName, byAddr *httpapi.Limiter
	hashing        chan struct{}
	dummyOnce      sync.Once
	dummy          string
}

func newAccountState() *accountState {
	return &accountState{byName: httpapi.NewLimiter(nameLimit), byAddr: httpapi.NewLimiter(addrLimit), hashing: make(chan struct{}, 2)}
}

// passwordHash and passwordMatches run argon2id (hashPassword,
// checkPassword), two at a time at most.
func (s *Server) passwordHash(ctx context.Context, pw string) (string, error) {
	select {
	case s.acct.hashing <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-s.acct.hashing }()
	return hashPassword(pw)
}

func (s *Server) passwordMatches(ctx context.Context, hash, pw string) (bool, error) {
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
	mux.Handle("GET /api/account", s.withSession(s.getAccount))
	mux.Handle("POST /api/account/signup", s.identified(http.HandlerFunc(s.signUp)))
	mux.Handle("POST /api/account/signin", s.identified(http.HandlerFunc(s.signIn)))
	mux.HandleFunc("POST /api/account/signout", s.signOut)
	mux.HandleFunc("POST /api/account/password", s.changePassword)
	mux.HandleFunc("DELETE /api/account", s.deleteAccount)
	mux.HandleFunc("GET /api/players", s.searchPlayers)
	mux.HandleFunc("GET /api/players/{name}", s.getPlayer)
	mux.HandleFunc("GET /api/players/{name}/rating.svg", s.ratingChart)
	mux.HandleFunc("GET /api/leaderboard", s.leaderboard)
	mux.HandleFunc("GET /api/expected", s.expected)
	mux.Handle("GET /api/challenges", s.withSession(s.listChallenges))
	mux.Handle("POST /api/challenges", s.identified(http.HandlerFunc(s.challenge)))
	mux.Handle("POST /api/challenges/{id}/{answer}", s.identified(http.HandlerFunc(s.answerChallenge)))
}

type sessionKey struct{}

// csrf refuses a state-changing request of a signed-in browser that does
// not carry its session's CSRF token (the synchronizer-token pattern; the
// cookie is SameSite=Lax and http.CrossOriginProtection checks the
// origin too), and keeps the session found in the request's context. A
// GET, HEAD or OPTIONS changes nothing, so it costs no session lookup
// (a database query) unless its route asks for the account (withSession):
// not a page, an asset or a lobby poll.
func (s *Server) csrf(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		r, se, ok := s.withSessionOf(r)
		if ok && subtle.ConstantTimeCompare([]byte(r.Header.Get(csrfHeader)), []byte(se.CSRF)) != 1 {
			apiError(w, ErrCSRF)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// withSession loads the session of a signed-in browser for a GET that
// acts for its account (the account, its challenges, the WebSocket).
func (s *Server) withSession(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, _, _ = s.withSessionOf(r)
		next(w, r)
	})
}

// withSessionOf is r with its browser's session in its context, if it is
// signed in.
func (s *Server) withSessionOf(r *http.Request) (*http.Request, carrom.Session, bool) {
	if s.accounts == nil {
		return r, carrom.Session{}, false
	}
	se, a, ok := s.lookupSession(r)
	if ok {
		r = r.WithContext(context.WithValue(r.Context(), sessionKey{}, signedIn{se, a}))
	}
	return r, se, ok
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

// SignedIn is the account of a request's session, if any, on the routes
// that load it (csrf, withSession).
func (s *Server) SignedIn(r *http.Request) (carrom.Account, bool) {
	if v, ok := r.Context().Value(sessionKey{}).(signedIn); ok {
		return v.a, true
	}
	return carrom.Account{}, false
}

func session(r *http.Request) (signedIn, error) {
	v, ok := r.Context().Value(sessionKey{}).(signedIn)
	if !ok {
		return v, ErrNotSignedIn
	}
	return v, nil
}

// checkNewPassword: 8 to 256 bytes (NIST SP 800-63B's floor; the ceiling
// bounds the work of a hash).
func checkNewPassword(pw string) error {
	if len(pw) < 8 || len(pw) > 256 {
		return ErrBadPassword
	}
	return nil
}

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

// startSession signs the browser in: a new session, its cookie, and the
// browser's games made the account's. A browser whose token is or was
// another account's, or whose link to this one has ended, gets a new
// token: its games stay where they were, and it plays as this account.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, a carrom.Account) {
	ctx := r.Context()
	tok := token(r)
	ok, err := s.accounts.LinkToken(ctx, tok, a.ID)
	if err == nil && !ok {
		tok = newID(16)
		if _, err = s.accounts.LinkToken(ctx, tok, a.ID); err == nil {
			s.setToken(w, r, tok)
		}
	}
	if err != nil {
		apiError(w, err)
		return
	}
	value, now := newID(32), s.clock.Now()
	se := carrom.Session{Hash: hashSession(value), AccountID: a.ID, CSRF: newID(32), Token: tok, Created: now, Expires: now.Add(sessionLife)}
	if err := s.accounts.CreateSession(ctx, se); err != nil {
		apiError(w, err)
		return
	}
	http.SetCookie(w, s.cookie(r, sessionCookie, value, int(sessionLife/time.Second)))
	httpapi.WriteJSON(w, http.StatusOK, accountJSON{SignedIn: true, Name: a.Name, CSRF: se.CSRF})
}

type accountJSON struct {
	SignedIn bool   `json:"signed_in"`
	Name     string `json:"name,omitempty"`
	CSRF     string `json:"csrf,omitempty"`
}

func (s *Server) getAccount(w http.ResponseWriter, r *http.Request) {
	v, err := session(r)
	if err != nil {
		httpapi.WriteJSON(w, http.StatusOK, accountJSON{})
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, accountJSON{SignedIn: true, Name: v.a.Name, CSRF: v.se.CSRF})
}

func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := httpapi.ReadJSON(w, r, &c); err != nil {
		apiError(w, err)
		return
	}
	name, err := carrom.CanonicalName(c.Name)
	if err != nil {
		apiError(w, err)
		return
	}
	if err := checkNewPassword(c.Password); err != nil {
		apiError(w, err)
		return
	}
	if err := httpapi.Take(s.acct.byAddr, nil, address(r), "", s.clock.Now(), "sign-ups and sign-ins"); err != nil {
		apiError(w, err)
		return
	}
	h, err := s.passwordHash(r.Context(), c.Password)
	if err != nil {
		apiError(w, err)
		return
	}
	a := carrom.Account{ID: newID(12), Name: name, Password: h, Created: s.clock.Now()}
	if err := s.accounts.CreateAccount(r.Context(), a, token(r)); err != nil {
		switch {
		case errors.Is(err, ErrNameTaken):
			err = httpapi.Refuse(ErrNameTaken, "the name %s is taken: choose another", name)
		case errors.Is(err, carrom.ErrNameConfusable):
			err = httpapi.Refuse(ErrNameTaken, "the name %s reads like another player's: choose another", name)
		}
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
	if err := httpapi.ReadJSON(w, r, &c); err != nil {
		apiError(w, err)
		return
	}
	if err := httpapi.Take(s.acct.byAddr, s.acct.byName, address(r), nameKeyOf(c.Name), s.clock.Now(), "sign-in attempts"); err != nil {
		apiError(w, err)
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
	ok, cerr := s.passwordMatches(r.Context(), hash, c.Password)
	if cerr != nil && err == nil {
		s.log.Error("an unreadable password hash", "account", a.ID)
	}
	if err != nil || !ok {
		apiError(w, ErrSignIn)
		return
	}
	s.startSession(w, r, a)
}

// nameKeyOf is the key of a name's sign-in limit: the name as the store
// finds it (carrom.NameKey: any case, any width), bounded in length.
func nameKeyOf(name string) string {
	if len(name) > 128 {
		name = name[:128]
	}
	return carrom.NameKey(name)
}

// signOut ends the session and gives the browser a new anonymous identity,
// so that what it plays next is no longer the account's.
func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	v, err := session(r)
	if err != nil {
		apiError(w, err)
		return
	}
	if err := s.accounts.DeleteSession(r.Context(), v.se.Hash, s.clock.Now()); err != nil {
		apiError(w, err)
		return
	}
	s.forget(w, r)
	httpapi.WriteJSON(w, http.StatusOK, accountJSON{})
}

// forget clears the session cookie and replaces the identity cookie.
func (s *Server) forget(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, s.cookie(r, sessionCookie, "", -1))
	s.setToken(w, r, newID(16))
}

// setToken gives the browser a new identity token.
func (s *Server) setToken(w http.ResponseWriter, r *http.Request, tok string) {
	http.SetCookie(w, s.cookie(r, tokenCookie, tok, tokenLife))
}

// reauth checks the signed-in account's password again, under the name's
// sign-in limit.
func (s *Server) reauth(ctx context.Context, r *http.Request, v signedIn, pw string) error {
	if err := httpapi.Take(s.acct.byAddr, s.acct.byName, address(r), nameKeyOf(v.a.Name), s.clock.Now(), "password attempts"); err != nil {
		return err
	}
	ok, err := s.passwordMatches(ctx, v.a.Password, pw)
	if err != nil {
		return err
	}
	if !ok {
		return ErrSignIn
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
	if err := httpapi.ReadJSON(w, r, &body); err != nil {
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
	h, err := s.passwordHash(r.Context(), body.New)
	if err != nil {
		apiError(w, err)
		return
	}
	if err := s.accounts.SetPassword(r.Context(), v.a.ID, h); err != nil {
		apiError(w, err)
		return
	}
	if err := s.accounts.DeleteOtherSessions(r.Context(), v.a.ID, v.se.Hash, s.clock.Now()); err != nil {
		apiError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, accountJSON{SignedIn: true, Name: v.a.Name, CSRF: v.se.CSRF})
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
	if err := httpapi.ReadJSON(w, r, &body); err != nil {
		apiError(w, err)
		return
	}
	if err := s.reauth(r.Context(), r, v, body.Password); err != nil {
		apiError(w, err)
		return
	}
	seats, err := s.accounts.DeleteAccount(r.Context(), v.a.ID)
	if err != nil {
		apiError(w, err)
		return
	}
	s.vacate(r.Context(), seats)
	s.log.Info("account deleted", "account", v.a.ID, "seats", len(seats))
	s.forget(w, r)
	httpapi.WriteJSON(w, http.StatusOK, accountJSON{})
}
