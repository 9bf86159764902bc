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
//
// SQLite syncs the database only at the end of a checkpoint that copied
// the whole log, which under steady writes only the writing connection's
// does: its fsync flushed every page copied since the log last started
// over, up to 64 ms at 4,000 tables while no action could be stored. So
// the checkpointer syncs the database after each of its runs, and the
// writing connection's fsync flushes only the pages it copied itself.

// checkpointer runs the checkpoints of one SQLite database.
type checkpointer struct {
	own, writer *sql.DB
	// syncDB flushes the database file to the disk.
	syncDB func() error
	// every is the time between two runs; restartFrames the log's length,
	// in pages, past which it is started over.
	every         time.Duration
	restartFrames int
	stop, done    chan struct{}
}

func startCheckpointer(own, writer *sql.DB, syncDB func() error, every time.Duration, restartFrames int) *checkpointer {
	c := &checkpointer{own: own, writer: writer, syncDB: syncDB, every: every, restartFrames: restartFrames, stop: make(chan struct{}), done: make(chan struct{})}
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
		c.run()
	}
}

// run copies the log into the database and syncs it; past restartFrames,
// it copies the rest on the writing connection. An error (the disk, a lock
// held elsewhere) leaves the pages in the log, which stays whole and
// readable; the next run copies them. All the pages this run saw copied is
// not all the log's: more may have been written since it began.
func (c *checkpointer) run() {
	log, _, err := checkpoint(c.own)
	if err != nil || c.syncDB() != nil {
		return
	}
	if log >= c.restartFrames {
		checkpoint(c.writer)
	}
}

// close stops the checkpointer and closes its connection.
func (c *checkpointer) close() error {
	close(c.stop)
	<-c.done
	return c.own.Close()
}

// checkpoint runs a PASSIVE checkpoint on db: the log's length in pages,
// and whether another checkpoint kept this one from running.
func checkpoint(db *sql.DB) (log int, busy bool, err error) {
	var copied int
	err = db.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &log, &copied)
	return log, busy, err
}
