package store

import (
	"context"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
)

// TestStoreFriendFollows: an account follows others up to its limit, once
// each; its list names them with the table in play each sits at, and a
// finished table or a browser signed out before it counts no more.
func TestStoreFriendFollows(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		for i, a := range []account.Account{{ID: "a", Name: "Ann"}, {ID: "b", Name: "bob"}, {ID: "c", Name: "Cat"}} {
			a.Password, a.Created = "h", at
			if err := st.CreateAccount(ctx, a, []string{"tokA", "tokB", "tokC"}[i]); err != nil {
				t.Fatal(err)
			}
		}
		follow := func(who, whom string, limit int) bool {
			t.Helper()
			ok, err := st.Follow(ctx, who, whom, at, limit)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		if !follow("a", "c", 2) || !follow("a", "b", 2) || !follow("a", "b", 2) {
			t.Fatal("Ann cannot follow two, or follow Bob again")
		}
		if follow("a", "a", 2) {
			t.Error("Ann follows a third past her limit of 2")
		}
		if !follow("c", "b", 2) {
			t.Fatal("Cat cannot follow Bob")
		}
		list := func() []carrom.Followed {
			t.Helper()
			fs, err := st.Follows(ctx, "a")
			if err != nil {
				t.Fatal(err)
			}
			return fs
		}
		if fs := list(); len(fs) != 2 || fs[0].Name != "bob" || fs[1].Name != "Cat" || fs[0].Table != "" || !fs[0].Since.Equal(at) {
			t.Errorf("Ann's follows = %+v; want bob then Cat, at no table", fs)
		}
		for i, id := range []string{"t1", "t2"} {
			if err := st.CreateTable(ctx, carrom.TableRecord{ID: id, Config: []byte(`{}`), Created: at.Add(time.Duration(i) * time.Minute)}); err != nil {
				t.Fatal(err)
			}
			if err := st.ClaimSeat(ctx, id, carrom.SeatRecord{Seat: 1, Token: "tokB", Nickname: "bob"}); err != nil {
				t.Fatal(err)
			}
		}
		if fs := list(); fs[0].Table != "t2" || fs[1].Table != "" {
			t.Errorf("Ann's follows = %+v; want bob at t2, the newest", fs)
		}
		if err := st.FinishTable(ctx, "t2", at.Add(time.Hour), []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
		if fs := list(); fs[0].Table != "t1" {
			t.Errorf("Ann's follows = %+v; want bob at t1 once t2 is finished", fs)
		}
		if ids, err := st.Followers(ctx, "b"); err != nil || len(ids) != 2 || ids[0] != "a" || ids[1] != "c" {
			t.Errorf("Followers(bob) = %v, %v; want a, c", ids, err)
		}
		if err := st.Unfollow(ctx, "a", "b"); err != nil {
			t.Fatal(err)
		}
		if fs := list(); len(fs) != 1 || fs[0].Name != "Cat" {
			t.Errorf("Ann's follows after unfollowing bob = %+v; want Cat alone", fs)
		}
		if !follow("a", "b", 2) {
			t.Error("Ann cannot follow bob again under her limit")
		}
	})
}
