package server

import (
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/friends"
)

// Friends (docs/accounts.md) is its own package; friendsEnv is what it is
// given of the server.
type friendsEnv struct{ s *Server }

func (e friendsEnv) Now() time.Time { return e.s.clock.Now() }

func (e friendsEnv) Push(accountID string, msg any) {
	e.s.live.pushData(accountKey(accountID), encode(msg))
}

// startFriends starts following players, if the accounts' store keeps
// the follows (store.DB does).
func (s *Server) startFriends() {
	if st, ok := s.accounts.(friends.Store); ok {
		s.friends = friends.New(friendsEnv{s}, st, s.log.With("domain", "friends"))
	}
}

// routeFriends serves the follows of a signed-in account.
func (s *Server) routeFriends(mux *http.ServeMux) {
	if s.friends == nil {
		return
	}
	mux.Handle("GET /api/friends", s.acct.WithSession(s.friends.List))
	mux.Handle("PUT /api/friends/{name}", http.HandlerFunc(s.friends.Follow))
	mux.Handle("DELETE /api/friends/{name}", http.HandlerFunc(s.friends.Unfollow))
}
