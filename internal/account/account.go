package account

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
)

// Account is a player's account as stored.
type Account struct {
	ID       string
	Name     string
	Password string // argon2id hash, PHC string format
	Created  time.Time
	Lang     string // the language he reads the page in (an i18n tag), "" if he has chosen none
}

// Session is a signed-in browser. Hash is the SHA-256 of the cookie's
// value, so the database alone opens no session; CSRF is the token every
// state-changing request of the session carries; Token is the browser's
// identity token, which plays as the account while the session lasts.
type Session struct {
	Hash      string
	AccountID string
	CSRF      string
	Token     string
	Created   time.Time
	Expires   time.Time
}

// Store keeps accounts and their sessions; internal/store implements it.
// A name in use is ErrNameTaken, one that reads like another's
// ErrNameConfusable, a missing account or session carrom.ErrNotFound.
type Store interface {
	CreateAccount(ctx context.Context, a Account, token string) error
	AccountByName(ctx context.Context, name string) (Account, error)
	// NamesByPrefix lists at most limit names that begin with prefix, in
	// any case.
	NamesByPrefix(ctx context.Context, prefix string, limit int) ([]string, error)
	// AccountBySession is the account whose session the browser of token
	// holds at now: the one it plays as.
	AccountBySession(ctx context.Context, token string, now time.Time) (Account, error)
	// LinkToken reports false if the token is or was another account's, or
	// its link to this one has ended.
	LinkToken(ctx context.Context, token, accountID string) (bool, error)
	SetPassword(ctx context.Context, accountID, hash string) error
	// SetLang stores the language the account reads the page in.
	SetLang(ctx context.Context, accountID, lang string) error
	// DeleteAccount returns the seats the account held, renamed
	// carrom.DeletedName and held by carrom.DeletedToken in the store.
	DeleteAccount(ctx context.Context, accountID string) ([]carrom.HeldSeat, error)

	CreateSession(ctx context.Context, se Session) error
	Session(ctx context.Context, hash string, now time.Time) (Session, Account, error)
	DeleteSession(ctx context.Context, hash string, at time.Time) error
	DeleteOtherSessions(ctx context.Context, accountID, keep string, at time.Time) error
}

// Errors of account requests.
var (
	// ErrSignIn is the one answer to a wrong name or a wrong password, so
	// that it tells nobody which names exist.
	ErrSignIn      = httpapi.NewCoded(http.StatusUnauthorized, "sign_in", "wrong name or password")
	ErrNotSignedIn = httpapi.NewCoded(http.StatusUnauthorized, "not_signed_in", "not signed in")
	ErrCSRF        = httpapi.New(http.StatusForbidden, "a signed-in browser's POST and DELETE need the session's X-CSRF-Token header (GET /api/account gives it)")
	// ErrNameTaken is a name in use by another account.
	ErrNameTaken   = httpapi.NewCoded(http.StatusConflict, "name_taken", "name taken")
	ErrBadPassword = httpapi.NewCoded(http.StatusBadRequest, "bad_password", "a password is 8 to 256 bytes")
	ErrBadLang     = httpapi.NewCoded(http.StatusBadRequest, "bad_lang", "that language is not offered: choose one of the language menu's")
)

// fail answers err: the store's carrom.ErrNotFound, declared where HTTP
// is unknown, is a 404; the account's own errors carry their status.
func fail(w http.ResponseWriter, err error) {
	if httpapi.Status(err) == http.StatusInternalServerError && errors.Is(err, carrom.ErrNotFound) {
		err = httpapi.WithStatus(err, http.StatusNotFound)
	}
	httpapi.WriteError(w, err)
}
