package store

import (
	"context"
	"testing"
	"time"
)

// TestStorePoolLeases: a pool's lease is one node's until it expires or
// is let go; its holder extends it.
func TestStorePoolLeases(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		hold := func(node, pool string, ttl time.Duration) bool {
			t.Helper()
			ok, err := st.HoldPool(ctx, node, pool, ttl)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		if !hold("a", "icf.30.rated", time.Hour) {
			t.Fatal("node a cannot take a free pool")
		}
		if hold("b", "icf.30.rated", time.Hour) {
			t.Error("node b takes the pool node a holds")
		}
		if !hold("a", "icf.30.rated", time.Hour) {
			t.Error("node a cannot extend its own lease")
		}
		if !hold("b", "family.15.unrated", -time.Second) {
			t.Fatal("node b cannot take another free pool")
		}
		if !hold("a", "family.15.unrated", time.Hour) {
			t.Error("node a cannot take the pool whose lease has expired")
		}
		if err := st.ReleasePools(ctx, "a", "family.15.unrated"); err != nil {
			t.Fatal(err)
		}
		if hold("b", "icf.30.rated", time.Hour) || !hold("b", "family.15.unrated", time.Hour) {
			t.Error("node a let one pool go: node b takes another or not that one")
		}
		if err := st.ReleasePools(ctx, "a"); err != nil {
			t.Fatal(err)
		}
		if !hold("b", "icf.30.rated", time.Hour) {
			t.Error("node b cannot take the pool node a let go")
		}
	})
}
