package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/challenge"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/i18n"
	"github.com/carrom-game/carrom/internal/profile"
	"github.com/carrom-game/carrom/internal/rating"
)

// Accounts keeps accounts and their sessions (account.Store), ratings and
// challenges; internal/store implements it. A missing challenge is
// carrom.ErrNotFound.
type Accounts interface {
	account.Store
	// AccountByID finds a tournament's entrant by its account.
	AccountByID(ctx context.Context, id string) (account.Account, error)

	PlayedMatches(ctx context.Context, accountID string) ([]profile.PlayedMatch, error)
	// RatedSheets lists the rated real-board matches of an account, newest first.
	RatedSheets(ctx context.Context, accountID string) ([]profile.RatedSheet, error)
	// Rate runs the rating's policy in one transaction over the rows of
	// ratings, committed if it returns no error.
	Rate(ctx context.Context, policy func(rating.Ledger) error) error
	// RatedBetween counts the rated matches two accounts played against
	// each other in a rating period (rating.Day).
	RatedBetween(ctx context.Context, a, b string, day int64) (int, error)
	Ratings(ctx context.Context, accountID string) ([]rating.Rating, error)
	Leaderboard(ctx context.Context, pool rating.Pool, limit int) ([]rating.Rating, error)
	RatingHistory(ctx context.Context, accountID string, pool rating.Pool) ([]rating.Point, error)

	CreateChallenge(ctx context.Context, c challenge.Challenge) error
	Challenge(ctx context.Context, id string) (challenge.Challenge, error)
	Challenges(ctx context.Context, accountID string) ([]challenge.Challenge, error)
	SetChallenge(ctx context.Context, id string, status challenge.Status, tableID string) error
	// ReopenChallenge opens again a challenge accepted with tableID.
	ReopenChallenge(ctx context.Context, id, tableID string) error
}

// Errors of the tables about accounts.
var (
	// ErrNotSignedIn refuses a rated seat to a browser that holds no
	// session of an account.
	ErrNotSignedIn = account.ErrNotSignedIn
	// ErrSitCSRF refuses a signed-in browser's "sit" without its session's
	// CSRF token.
	ErrSitCSRF = httpapi.NewCoded(http.StatusForbidden, "sit_reload", `a signed-in browser's "sit" needs its session's "csrf" token (GET /api/account gives it)`)
)

// newAccounts is the accounts' service (package account) on the
// server's store of accounts, clock, log, identity cookie and addresses;
// a deleted account's seats are given to deleted.
func newAccounts(a Accounts, clock Clock, log *slog.Logger, f *front, deleted func(context.Context, []carrom.HeldSeat)) *account.Service {
	var st account.Store
	if a != nil {
		st = a
	}
	return account.New(account.Env{
		Store: st, Clock: clock, Log: log,
		Identified: f.identified, Token: token,
		SetToken: func(w http.ResponseWriter, r *http.Request, tok string) {
			http.SetCookie(w, f.cookie(r, tokenCookie, tok, tokenLife))
		},
		Cookie: f.cookie, Address: address, Deleted: deleted, Offered: i18n.Offered,
	})
}

// hashSession is the SHA-256 of a browser's token, hex, as a session's
// cookie is kept: what names the browser in a kept seat and in its live
// channel's key without giving its token away.
func hashSession(v string) string {
	sum := sha256.Sum256([]byte(v))
	return hex.EncodeToString(sum[:])
}
