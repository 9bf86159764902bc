package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// TestLogStartsOver: the writing connection never checkpoints, and under
// tables created without a pause, and actions stored without one, the log
// still starts over once it is long, instead of growing with every page
// written. The checkpointer syncs the database before the writing
// connection copies the rest: with the database failing to sync, the log
// is never started over.
func TestLogStartsOver(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var auto int
	if err := st.db.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("the writing connection checkpoints every %d pages (%v); want never", auto, err)
	}
	if err := st.ckpt.close(); err != nil {
		t.Fatal(err)
	}
	st.ckpt = nil
	path := filepath.Join(dir, "carrom.db")
	// The log's length, in pages, read by a checkpoint on a connection of
	// the test's own once the checkpointer has stopped.
	probe, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	const restart = 256
	// phase does work under a checkpointer at a test's pace (a run every
	// 5 ms, a restart past 256 pages), whose syncs of the database go
	// through syncDB, and weighs the log after it.
	phase := func(what string, syncDB func() error, work func()) int {
		t.Helper()
		conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=synchronous(NORMAL)&_pragma=busy_timeout(5000)")
		if err != nil {
			t.Fatal(err)
		}
		conn.SetMaxOpenConns(1)
		c := startCheckpointer(conn, st.db, syncDB, 5*time.Millisecond, restart)
		work()
		if err := c.close(); err != nil {
			t.Fatal(err)
		}
		log, busy, err := checkpoint(probe)
		if err != nil || busy {
			t.Fatalf("%s: the test's checkpoint: busy %v, %v", what, busy, err)
		}
		t.Logf("%s: %d pages in the log", what, log)
		return log
	}
	var syncs atomic.Int64
	synced := func() error {
		syncs.Add(1)
		return st.dbFile.Sync()
	}
	startedOver := func(what string, log int) {
		t.Helper()
		if log > 8*restart {
			t.Errorf("%s: %d pages in the log; want it started over past %d", what, log, restart)
		}
		if syncs.Load() == 0 {
			t.Errorf("%s: the database was never synced", what)
		}
		syncs.Store(0)
	}
	startedOver("10,000 tables created", phase("10,000 tables created", synced, func() {
		for i := range 10000 {
			emptyTables(t, st, fmt.Sprintf("t%d", i))
		}
	}))
	emptyTables(t, st, "a")
	seq := int64(0)
	actions := func() {
		for range 5000 {
			seq++
			if err := st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: seq, Action: make([]byte, 2000), At: at}); err != nil {
				t.Fatal(err)
			}
		}
	}
	startedOver("5,000 actions stored", phase("5,000 actions stored", synced, actions))
	unsynced := func() error { return errors.New("the disk failed") }
	if log := phase("5,000 actions stored, the database failing to sync", unsynced, actions); log <= 8*restart {
		t.Errorf("%d pages in the log with the database failing to sync; want the log kept, not started over", log)
	}
}
