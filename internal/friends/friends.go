// Package friends is following players on the server (docs/accounts.md):
// an account follows others by name, sees which of them are online and
// which are playing (the table to watch), and is told on its live channel
// when one comes online. What it needs of the server and the store it
// declares in Env and Store.
package friends

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

const (
	// MaxFollows bounds the players one account follows.
	MaxFollows = 200
	// Grace is how long a player may be gone (every page of his closed
	// at this node) and come back without his followers being told again:
	// a page reloaded, or a link followed, is no coming online.
	Grace = 30 * time.Second
	// forgetAfter is how many departures are remembered before the
	// older than Grace are swept.
	forgetAfter = 1024
)

// Store keeps the follows.
type Store interface {
	AccountByName(ctx context.Context, name string) (account.Account, error)
	// Follow makes follower follow followed; it reports false, and
	// stores nothing, when follower follows limit accounts already.
	Follow(ctx context.Context, follower, followed string, at time.Time, limit int) (bool, error)
	Unfollow(ctx context.Context, follower, followed string) error
	// Follows lists whom follower follows, by name, with the table in
	// play each holds a seat at.
	Follows(ctx context.Context, follower string) ([]carrom.Followed, error)
	// Followers lists the IDs of the accounts that follow followed.
	Followers(ctx context.Context, followed string) ([]string, error)
}

// Env is what friends needs of the server.
type Env interface {
	Now() time.Time
	// Push sends msg (encoded as JSON) to the live channels of an
	// account, at every node.
	Push(accountID string, msg any)
}

// Errors of following.
var (
	ErrNoPlayer  = httpapi.NewCoded(http.StatusNotFound, "no_player", "no such player")
	ErrTooMany   = httpapi.New(http.StatusConflict, "too many follows")
	ErrYourself  = httpapi.NewCoded(http.StatusBadRequest, "follow_self", "you cannot follow yourself")
	ErrNoSignIn  = httpapi.Refuse(account.ErrNotSignedIn, "sign in to follow players")
	errNotFollow = httpapi.New(http.StatusNotFound, "not followed")
)

// Service is the follows and who is online at this node.
type Service struct {
	env Env
	st  Store
	log *slog.Logger

	mu     sync.Mutex
	online map[string]int       // open live channels by account ID
	left   map[string]time.Time // when an account's last one here closed
}

// New is the friends' service; a nil log is slog.Default().
func New(env Env, st Store, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{env: env, st: st, log: log, online: map[string]int{}, left: map[string]time.Time{}}
}

// Came counts a live channel of an account opened at this node; at its
// first, unless it was here within Grace, its followers are told.
func (s *Service) Came(ctx context.Context, id, name string) {
	now := s.env.Now()
	s.mu.Lock()
	s.online[id]++
	first := s.online[id] == 1
	left, back := s.left[id]
	delete(s.left, id)
	s.mu.Unlock()
	if !first || back && now.Sub(left) < Grace {
		return
	}
	ids, err := s.st.Followers(ctx, id)
	if err != nil {
		s.log.Warn("telling a player's followers", "account", id, "err", err)
		return
	}
	for _, f := range ids {
		s.env.Push(f, protocol.FriendMsg{V: protocol.Version, Type: "friend", Name: name, Online: true})
	}
}

// Left counts a live channel of an account closed at this node.
func (s *Service) Left(id string) {
	now := s.env.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.online[id]--; s.online[id] > 0 {
		return
	}
	delete(s.online, id)
	if len(s.left) >= forgetAfter {
		for k, t := range s.left {
			if now.Sub(t) >= Grace {
				delete(s.left, k)
			}
		}
	}
	s.left[id] = now
}

// Online says whether an account has a live channel open at this node.
func (s *Service) Online(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.online[id] > 0
}

// whom is the account named, refused in words if there is none, or it is
// the asker's own.
func (s *Service) whom(ctx context.Context, me account.Account, name string) (account.Account, error) {
	if _, err := account.CanonicalName(name); err != nil {
		return account.Account{}, httpapi.Refuse(account.ErrBadName, "%q is no player's name: a name is 3 to 20 letters, digits, dots, _ or -", name)
	}
	a, err := s.st.AccountByName(ctx, name)
	switch {
	case errors.Is(err, carrom.ErrNotFound):
		return a, httpapi.Refuse(ErrNoPlayer, "no player is named %q", name)
	case err != nil:
		return a, err
	case a.ID == me.ID:
		return a, ErrYourself
	}
	return a, nil
}

// List answers GET /api/friends: whom the account follows, each online or
// not, and the table he plays at.
func (s *Service) List(w http.ResponseWriter, r *http.Request) {
	v, err := account.Of(r)
	if err != nil {
		httpapi.WriteError(w, ErrNoSignIn)
		return
	}
	fs, err := s.st.Follows(r.Context(), v.Account.ID)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	out := make([]protocol.Friend, len(fs))
	for i, f := range fs {
		out[i] = protocol.Friend{Name: f.Name, Online: s.Online(f.ID), Table: f.Table}
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// Follow answers PUT /api/friends/{name}: the account follows the player
// (again: nothing changes), up to MaxFollows. It answers the list.
func (s *Service) Follow(w http.ResponseWriter, r *http.Request) {
	v, err := account.Of(r)
	if err != nil {
		httpapi.WriteError(w, ErrNoSignIn)
		return
	}
	a, err := s.whom(r.Context(), v.Account, r.PathValue("name"))
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	ok, err := s.st.Follow(r.Context(), v.Account.ID, a.ID, s.env.Now(), MaxFollows)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if !ok {
		httpapi.WriteError(w, httpapi.RefuseCoded(ErrTooMany, "follows_max", map[string]any{"Count": MaxFollows}, "you follow %d players, the most: unfollow one first", MaxFollows))
		return
	}
	s.List(w, r)
}

// Unfollow answers DELETE /api/friends/{name}: the account follows the
// player no more. It answers the list.
func (s *Service) Unfollow(w http.ResponseWriter, r *http.Request) {
	v, err := account.Of(r)
	if err != nil {
		httpapi.WriteError(w, ErrNoSignIn)
		return
	}
	a, err := s.whom(r.Context(), v.Account, r.PathValue("name"))
	if errors.Is(err, ErrYourself) {
		err = httpapi.Refuse(errNotFollow, "you do not follow yourself")
	}
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if err := s.st.Unfollow(r.Context(), v.Account.ID, a.ID); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	s.List(w, r)
}
