package store

import (
	"context"
	"runtime/metrics"
	"testing"

	"github.com/carrom-game/carrom/internal/carrom"
)

// goroutinesCreated is how many goroutines this process has started.
func goroutinesCreated() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestSQLiteCommitStartsFewGoroutines: storing an action on SQLite starts
// the goroutines database/sql starts for a transaction and its two
// queries, and none of the driver's: it watches a context that can end
// with a goroutine for every statement, and those crowded the tables'
// goroutines out of the committer's core under load.
func TestSQLiteCommitStartsFewGoroutines(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	emptyTables(t, st, "a")
	const actions = 100
	before := goroutinesCreated()
	for seq := int64(1); seq <= actions; seq++ {
		if err := st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: seq, Action: []byte(`{}`), At: at}); err != nil {
			t.Fatal(err)
		}
	}
	per := float64(goroutinesCreated()-before) / actions
	t.Logf("%.2f goroutines started an action", per)
	if per > 3.5 {
		t.Errorf("%.2f goroutines started an action, want at most 3 (database/sql's for the transaction and its two queries)", per)
	}
}
