package friends

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
)

// fakes: a clock moved by hand, the pushes recorded, and followers kept
// in a map (the store's methods tested are internal/store's).
type fakeEnv struct {
	mu     sync.Mutex
	now    time.Time
	pushed []string // "follower:name"
}

func (e *fakeEnv) Now() time.Time { e.mu.Lock(); defer e.mu.Unlock(); return e.now }

func (e *fakeEnv) Push(id string, msg any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.pushed = append(e.pushed, id+":"+msg.(protocol.FriendMsg).Name)
}

type fakeStore struct {
	Store
	followers map[string][]string
}

func (s fakeStore) Followers(_ context.Context, id string) ([]string, error) {
	return s.followers[id], nil
}

func (s fakeStore) Follows(context.Context, string) ([]carrom.Followed, error) { return nil, nil }

// TestFriendComesOnline: a player's followers are told at his first page
// open, not at a second nor at a reload within Grace, and again once he
// has been gone for Grace; online counts his pages.
func TestFriendComesOnline(t *testing.T) {
	env := &fakeEnv{now: time.Unix(1e9, 0)}
	s := New(env, fakeStore{followers: map[string][]string{"b": {"a", "c"}}}, nil)
	ctx := context.Background()
	s.Came(ctx, "b", "bob")
	s.Came(ctx, "b", "bob")
	if len(env.pushed) != 2 || env.pushed[0] != "a:bob" || env.pushed[1] != "c:bob" || !s.Online("b") {
		t.Fatalf("bob's two pages: pushed %v, online %v; want a and c told once, bob online", env.pushed, s.Online("b"))
	}
	s.Left("b")
	if !s.Online("b") {
		t.Error("bob offline with a page open")
	}
	s.Left("b")
	if s.Online("b") {
		t.Error("bob online with no page open")
	}
	env.now = env.now.Add(Grace - time.Second)
	s.Came(ctx, "b", "bob")
	if len(env.pushed) != 2 {
		t.Errorf("a reload within Grace: pushed %v; want nothing more", env.pushed)
	}
	s.Left("b")
	env.now = env.now.Add(Grace)
	s.Came(ctx, "b", "bob")
	if len(env.pushed) != 4 {
		t.Errorf("back after Grace: pushed %v; want a and c told again", env.pushed)
	}
}
