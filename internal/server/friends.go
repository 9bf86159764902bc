package server

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/friends"
	"github.com/carrom-game/carrom/internal/protocol"
)

// Friends (docs/accounts.md) is its own package; friendsEnv is what it is
// given of the server.
type friendsEnv struct {
	clock Clock
	live  *liveHub
}

func (e friendsEnv) Now() time.Time { return e.clock.Now() }

func (e friendsEnv) Push(accountID string, msg any) {
	e.live.pushData(accountKey(accountID), protocol.Encode(msg))
}

// newFriends starts following players, if the accounts' store keeps the
// follows (store.DB does); nil if not.
func newFriends(accounts Accounts, env friendsEnv, log *slog.Logger) *friends.Service {
	if st, ok := accounts.(friends.Store); ok {
		return friends.New(env, st, log.With("domain", "friends"))
	}
	return nil
}

// routeFriends serves the follows of a signed-in account, whose session
// the account's middleware loads.
func routeFriends(mux *http.ServeMux, f *friends.Service, session func(http.HandlerFunc) http.Handler) {
	if f == nil {
		return
	}
	mux.Handle("GET /api/friends", session(f.List))
	mux.Handle("PUT /api/friends/{name}", http.HandlerFunc(f.Follow))
	mux.Handle("DELETE /api/friends/{name}", http.HandlerFunc(f.Unfollow))
}
