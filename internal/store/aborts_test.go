package store

import (
	"context"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/account"
)

// TestStoreAborts: an account's aborts are kept once each, listed from a
// time on, oldest first, and go with the account.
func TestStoreAborts(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		if err := st.CreateAccount(ctx, account.Account{ID: "a", Name: "Ann", Password: "h", Created: at}, "tokA"); err != nil {
			t.Fatal(err)
		}
		for i, id := range []string{"t1", "t2", "t2", "t3"} {
			if err := st.RecordAbort(ctx, "a", id, at.Add(time.Duration(i)*time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		got, err := st.Aborts(ctx, "a", at.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || !got[0].Equal(at.Add(time.Hour)) || !got[1].Equal(at.Add(3*time.Hour)) {
			t.Errorf("aborts from an hour on: %v; want t2 at +1 h (once) and t3 at +3 h", got)
		}
		if _, err := st.DeleteAccount(ctx, "a"); err != nil {
			t.Fatal(err)
		}
		if got, err := st.Aborts(ctx, "a", at); err != nil || len(got) != 0 {
			t.Errorf("aborts of a deleted account: %v %v; want none", got, err)
		}
	})
}
