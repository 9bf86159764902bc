package store

import (
	"context"
	"database/sql"
	"time"
)

// Checkpoints on SQLite. In WAL mode a commit appends its pages to the
// log, and a checkpoint copies them into the database and syncs both
// files: with synchronous=NORMAL, the only fsyncs there are. Left to
// SQLite, the commit that takes the log past 1,000 pages checkpoints before
// it returns, and every table's action waits behind it; on a virtual disk
// an fsync now and then takes hundreds of milliseconds (docs/cluster.md).
// So the writing connection never checkpoints by itself. The checkpointer,
// on a connection of its own, copies the log into the database while the
// committer goes on: a PASSIVE checkpoint waits for no writer and holds
// none up. But the log starts over only when a transaction begins with all
// of it copied, which a log written without a pause never is. So once it
// is long, the checkpointer copies what is left on the writing connection
// itself, between two of its transactions: only what was written since
// its own run, and the next commit starts the log over.

// checkpointer runs the checkpoints of one SQLite database.
type checkpointer struct {
	own, writer *sql.DB
	// every is the time between two runs; restartFrames the log's length,
	// in pages, past which it is started over.
	every         time.Duration
	restartFrames int
	stop, done    chan struct{}
}

func startCheckpointer(own, writer *sql.DB, every time.Duration, restartFrames int) *checkpointer {
	c := &checkpointer{own: own, writer: writer, every: every, restartFrames: restartFrames, stop: make(chan struct{}), done: make(chan struct{})}
	go c.loop()
	return c
}

func (c *checkpointer) loop() {
	defer close(c.done)
	for {
		select {
		case <-c.stop:
			return
		case <-time.After(c.every):
		}
		// An error (the disk, a lock held elsewhere) leaves the pages in
		// the log, which stays whole and readable; the next run copies
		// them. All the pages this run saw copied is not all the log's:
		// more may have been written since it began.
		if log, _, _, err := checkpoint(c.own); err == nil && log >= c.restartFrames {
			checkpoint(c.writer)
		}
	}
}

// close stops the checkpointer and closes its connection.
func (c *checkpointer) close() error {
	close(c.stop)
	<-c.done
	return c.own.Close()
}

// checkpoint runs a PASSIVE checkpoint on db: the log's length in pages,
// how many of them are in the database now, and whether another
// checkpoint kept this one from running.
func checkpoint(db *sql.DB) (log, copied int, busy bool, err error) {
	err = db.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &log, &copied)
	return log, copied, busy, err
}
