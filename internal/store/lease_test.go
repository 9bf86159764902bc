package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// TestStoreLeases: a table's lease is held by one node at a time, each
// new holder at an epoch one higher; a node's renewal answers what it
// still holds; finished tables are nobody's to take; and the epoch a new
// holder fences the table at refuses the old holder's action.
func TestStoreLeases(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		emptyTables(t, st, "a", "b")
		candidates := func() ([]string, []string) {
			t.Helper()
			cs, nodes, err := st.Candidates(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, c := range cs {
				ids = append(ids, c.Table)
			}
			return ids, nodes
		}
		take := func(node string, ids ...string) []carrom.Lease {
			t.Helper()
			ls, err := st.Take(ctx, node, time.Hour, ids)
			if err != nil {
				t.Fatal(err)
			}
			return ls
		}
		renew := func(node string) []carrom.Lease {
			t.Helper()
			ls, err := st.Renew(ctx, node, time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			return ls
		}
		if ids, nodes := candidates(); !slices.Equal(ids, []string{"a", "b"}) || len(nodes) != 0 {
			t.Errorf("Candidates = %v, nodes %v; want a and b, no node", ids, nodes)
		}
		if ls := renew("n1"); len(ls) != 0 {
			t.Errorf("Renew(n1) = %v; want nothing held", ls)
		}
		if got := take("n1", "a"); !slices.Equal(got, []carrom.Lease{{Table: "a", Node: "n1", Epoch: 1}}) {
			t.Errorf("Take(n1, a) = %v; want a at epoch 1", got)
		}
		if got := take("n2", "a"); len(got) != 0 {
			t.Errorf("Take(n2, a) while n1 holds it = %v; want nothing", got)
		}
		if ids, nodes := candidates(); !slices.Equal(ids, []string{"b"}) || !slices.Equal(nodes, []string{"n1"}) {
			t.Errorf("Candidates = %v, nodes %v; want b, nodes n1", ids, nodes)
		}
		if got := renew("n1"); !slices.Equal(got, []carrom.Lease{{Table: "a", Node: "n1", Epoch: 1}}) {
			t.Errorf("Renew(n1) = %v; want a at epoch 1", got)
		}
		if err := st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: 1, Action: []byte(`{}`), At: at, Epoch: 1}); err != nil {
			t.Fatal(err)
		}

		// n1 lets a go; n2 takes it at epoch 2 and fences it: n1's next
		// action is refused, and its renewal no longer answers a.
		if err := st.Release(ctx, "n1", []string{"a"}, false); err != nil {
			t.Fatal(err)
		}
		if got := take("n2", "a"); !slices.Equal(got, []carrom.Lease{{Table: "a", Node: "n2", Epoch: 2}}) {
			t.Errorf("Take(n2, a) after the release = %v; want a at epoch 2", got)
		}
		if err := st.Fence(ctx, "a", 2); err != nil {
			t.Fatal(err)
		}
		if err := st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: 2, Action: []byte(`{}`), At: at, Epoch: 1}); !errors.Is(err, carrom.ErrStaleEpoch) {
			t.Errorf("AppendAction under the old epoch = %v; want ErrStaleEpoch", err)
		}
		if err := st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: 2, Action: []byte(`{}`), At: at, Epoch: 2}); err != nil {
			t.Errorf("AppendAction under the new epoch = %v", err)
		}
		if got := renew("n1"); len(got) != 0 {
			t.Errorf("Renew(n1) after losing a = %v; want nothing", got)
		}

		// A finished table is nobody's to take; a node that leaves is no
		// longer alive.
		if err := st.FinishTable(ctx, "b", at, []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
		renew("n2")
		if err := st.Release(ctx, "n1", nil, true); err != nil {
			t.Fatal(err)
		}
		if ids, nodes := candidates(); len(ids) != 0 || !slices.Equal(nodes, []string{"n2"}) {
			t.Errorf("Candidates = %v, nodes %v; want none, nodes n2", ids, nodes)
		}
	})
}
