package store

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/prometheus/procfs"

	"github.com/carrom-game/carrom/internal/carrom"
)

// TestRunWritesNoTemporaryFile: a run of actions of distinct tables is one
// statement that changes a page of each table, and SQLite keeps what those
// pages held until the statement ends. Past 64 KiB it kept them in a
// temporary file, made, written and thrown away on the commit path. The
// writing connection keeps them in memory: storing a run throws away no
// written page (Linux counts those bytes per process, in /proc/self/io).
func TestRunWritesNoTemporaryFile(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads Linux's /proc/self/io")
	}
	ctx := context.Background()
	st, err := Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// Each table's first actions fill a page of the actions' tree, which
	// the run's action then changes, as in play: 64 pages of 4 KiB.
	const stored = 20
	run := make([]*appendReq, runChunk)
	for i := range run {
		id := fmt.Sprintf("t%02d", i)
		emptyTables(t, st, id)
		for seq := int64(1); seq <= stored; seq++ {
			if err := st.AppendAction(ctx, id, carrom.ActionRecord{Seq: seq, Action: make([]byte, 200), At: at}); err != nil {
				t.Fatal(err)
			}
		}
		run[i] = &appendReq{ctx: ctx, tableID: id, a: carrom.ActionRecord{Seq: stored + 1, Action: make([]byte, 200), At: at}}
	}
	before := cancelledWrites(t)
	outcomes, err := st.storeRun(ctx, run)
	if err != nil {
		t.Fatal(err)
	}
	for i, err := range outcomes {
		if err != nil {
			t.Fatalf("table %s: %v", run[i].tableID, err)
		}
	}
	if thrown := cancelledWrites(t) - before; thrown != 0 {
		t.Errorf("storing a run of %d actions threw away %d written bytes; want none", len(run), thrown)
	}
}

// cancelledWrites is the bytes this process wrote to files and threw away
// before they reached the disk: files truncated or deleted while dirty.
func cancelledWrites(t *testing.T) int64 {
	t.Helper()
	self, err := procfs.Self()
	if err != nil {
		t.Fatal(err)
	}
	io, err := self.IO()
	if err != nil {
		t.Fatal(err)
	}
	return io.CancelledWriteBytes
}
