package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/carrom-game/carrom/internal/carrom"
)

// Group commit. Every table's goroutine stores each action before it
// broadcasts it, so the store's commits are the server's pace. SQLite has
// one connection: one transaction per action (begin, check, insert,
// commit, each a turn of the connection) queued thousands of goroutines
// behind it, and on a busy machine the connection's holder was often not
// even running. So one goroutine, the committer, takes every action
// waiting and stores them all in one transaction, then answers each: an
// action is still committed before its table hears that it is stored.
// Under light load a batch is one action and nothing waits more than
// before; under heavy load a transaction's cost is shared by many.

// maxBatch bounds the actions of one transaction, so that a batch's
// answers are not held back long.
const maxBatch = 512

var errClosed = errors.New("the store is closed")

type appendReq struct {
	ctx     context.Context
	tableID string
	a       carrom.ActionRecord
	done    chan error // gets the outcome, once
}

// startCommitter starts the committer; Close stops it once every action
// sent to it is answered.
func (s tableRows) startCommitter() {
	s.appends = make(chan *appendReq, maxBatch)
	s.committed = make(chan struct{})
	// The goroutine returns when Close closes s.appends and the last batch
	// is answered.
	go func() {
		defer close(s.committed)
		for r := range s.appends {
			batch := []*appendReq{r}
		more:
			for len(batch) < maxBatch {
				select {
				case r, ok := <-s.appends:
					if !ok {
						break more
					}
					batch = append(batch, r)
				default:
					break more
				}
			}
			s.commitBatch(batch)
		}
	}()
}

// AppendAction stores one action under the ownership epoch a.Epoch. It is
// refused with carrom.ErrStaleEpoch, storing nothing, if the table's epoch
// is higher; otherwise the table's epoch becomes a.Epoch. It returns once
// the action is committed (or refused).
func (s tableRows) AppendAction(ctx context.Context, tableID string, a carrom.ActionRecord) error {
	r := &appendReq{ctx: ctx, tableID: tableID, a: a, done: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return fmt.Errorf("store: table %s action %d: %w", tableID, a.Seq, errClosed)
	}
	s.appends <- r
	s.mu.RUnlock()
	// Wait whatever ctx does: once sent, the action may be committed, and
	// the table must not believe otherwise.
	if err := <-r.done; err != nil {
		return fmt.Errorf("store: table %s action %d: %w", tableID, a.Seq, err)
	}
	return nil
}

// commitBatch stores a batch and answers each action. Its actions are
// judged as if stored one after the other: a run of actions of distinct
// tables is one transaction, and one table's second action in a batch
// starts the next run. An action refused by the rules (stale epoch,
// unknown table, a sequence number stored already) is answered so and
// writes nothing, and the others go on. Should a run's transaction itself
// fail, each of its actions is tried again alone, so that one cannot fail
// the rest.
func (s tableRows) commitBatch(batch []*appendReq) {
	live := batch[:0]
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.done <- err
			continue
		}
		live = append(live, r)
	}
	// One deadline for the batch and its retries: a database that stops
	// answering fails the batch once, not each action in turn.
	ctx := context.Background()
	if s.d.batchTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.d.batchTimeout)
		defer cancel()
	}
	for len(live) > 0 {
		run := distinctTables(live)
		live = live[len(run):]
		outcomes, err := s.storeRun(ctx, run)
		if err != nil && len(run) > 1 {
			for _, r := range run {
				out, err := s.storeRun(ctx, []*appendReq{r})
				if err == nil {
					err = out[0]
				}
				r.done <- err
			}
			continue
		}
		for i, r := range run {
			if err != nil {
				r.done <- err
				continue
			}
			r.done <- outcomes[i]
		}
	}
}

// distinctTables is the longest start of batch in which no table has two
// actions.
func distinctTables(batch []*appendReq) []*appendReq {
	seen := make(map[string]bool, len(batch))
	for i, r := range batch {
		if seen[r.tableID] {
			return batch[:i]
		}
		seen[r.tableID] = true
	}
	return batch
}

// runChunk bounds the tables of one statement of a run; a longer run
// takes several. The statements for every size up to it are prepared
// once, when the store opens: SQLite parsed each run's statements anew,
// and parsing them cost more than running them.
const runChunk = 64

// runStmts are a run's prepared statements, indexed by their number of
// tables.
type runStmts struct {
	epochs  [runChunk + 1]*sql.Stmt // SELECT the epochs of n tables, locking their rows
	inserts [runChunk + 1]*sql.Stmt // INSERT n actions
	raise   *sql.Stmt               // UPDATE one table's epoch
}

func (s tableRows) prepareRun(ctx context.Context) error {
	prepare := func(query string) (*sql.Stmt, error) { return s.db.PrepareContext(ctx, s.d.q(query)) }
	var err error
	if s.run.raise, err = prepare(`UPDATE tables SET epoch = ? WHERE id = ?`); err != nil {
		return err
	}
	for n := 1; n <= runChunk; n++ {
		marks := strings.Repeat(", ?", n)[2:]
		if s.run.epochs[n], err = prepare(`SELECT id, epoch FROM tables WHERE id IN (` + marks + `) ORDER BY id` + s.d.lockRow); err != nil {
			return err
		}
		rows := strings.Repeat(", (?, ?, ?, ?, ?)", n)[2:]
		if s.run.inserts[n], err = prepare(`INSERT INTO actions (table_id, seq, action, at, epoch) VALUES ` + rows + `
			ON CONFLICT (table_id, seq) DO NOTHING RETURNING table_id`); err != nil {
			return err
		}
	}
	return nil
}

func (s tableRows) closeRun() error {
	var errs []error
	for _, st := range append(append([]*sql.Stmt{s.run.raise}, s.run.epochs[:]...), s.run.inserts[:]...) {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	return errors.Join(errs...)
}

// storeRun stores actions of distinct tables in one transaction: it reads
// (and locks) their tables' epochs, inserts every action not refused, and
// raises the epochs of the tables whose action came with a higher one. It
// returns the outcome of each action (nil if stored), or the error that
// failed the whole transaction. Its statements are one for up to runChunk
// actions, not one per action: a database across the network
// (PostgreSQL) answers each statement in a round trip, and the
// transaction's locks are held through all of them.
func (s tableRows) storeRun(ctx context.Context, run []*appendReq) ([]error, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	epochs, err := s.lockEpochs(ctx, tx, run)
	if err != nil {
		return nil, err
	}
	outcomes := make([]error, len(run))
	var insert []*appendReq
	for i, r := range run {
		cur, ok := epochs[r.tableID]
		switch {
		case !ok:
			outcomes[i] = carrom.ErrNotFound
		case cur > r.a.Epoch:
			outcomes[i] = fmt.Errorf("%w: epoch %d, the table's is %d", carrom.ErrStaleEpoch, r.a.Epoch, cur)
		default:
			insert = append(insert, r)
		}
	}
	stored := make(map[string]bool, len(insert))
	for chunk := range slices.Chunk(insert, runChunk) {
		if err := s.insertActions(ctx, tx, chunk, stored); err != nil {
			return nil, err
		}
	}
	for i, r := range run {
		switch {
		case outcomes[i] != nil:
		case !stored[r.tableID]:
			outcomes[i] = errors.New("the sequence number is stored already")
		case epochs[r.tableID] < r.a.Epoch:
			if _, err := tx.StmtContext(ctx, s.run.raise).ExecContext(ctx, r.a.Epoch, r.tableID); err != nil {
				return nil, err
			}
		}
	}
	return outcomes, tx.Commit()
}

// insertActions inserts the actions of chunk, of distinct tables, in tx,
// and marks in stored the tables whose action was inserted (not one whose
// sequence number was stored already).
func (s tableRows) insertActions(ctx context.Context, tx *sql.Tx, chunk []*appendReq, stored map[string]bool) error {
	args := make([]any, 0, 5*len(chunk))
	for _, r := range chunk {
		args = append(args, r.tableID, r.a.Seq, string(r.a.Action), nanos(r.a.At), r.a.Epoch)
	}
	rows, err := tx.StmtContext(ctx, s.run.inserts[len(chunk)]).QueryContext(ctx, args...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		stored[id] = true
	}
	// An insert PostgreSQL refuses (a NUL byte in an action) fails the
	// statement, and says so only here.
	return errors.Join(rows.Err(), rows.Close())
}

// lockEpochs reads the epochs of the tables of run, in tx: a table
// missing from the answer does not exist. The rows stay locked until tx
// ends, so a concurrent Fence waits for the actions being stored, or the
// actions wait and see the new epoch. They are locked in the order of
// their ids, as every batch locks them (each chunk in order, and the
// chunks in order), so that two batches wait for each other instead of
// deadlocking.
func (s tableRows) lockEpochs(ctx context.Context, tx *sql.Tx, run []*appendReq) (map[string]int64, error) {
	ids := make([]any, len(run))
	for i, r := range run {
		ids[i] = r.tableID
	}
	slices.SortFunc(ids, func(a, b any) int { return strings.Compare(a.(string), b.(string)) })
	epochs := make(map[string]int64, len(run))
	for chunk := range slices.Chunk(ids, runChunk) {
		if err := s.readEpochs(ctx, tx, chunk, epochs); err != nil {
			return nil, err
		}
	}
	return epochs, nil
}

func (s tableRows) readEpochs(ctx context.Context, tx *sql.Tx, ids []any, epochs map[string]int64) error {
	rows, err := tx.StmtContext(ctx, s.run.epochs[len(ids)]).QueryContext(ctx, ids...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id    string
			epoch int64
		)
		if err := rows.Scan(&id, &epoch); err != nil {
			return err
		}
		epochs[id] = epoch
	}
	return rows.Err()
}

// Fence raises a table's ownership epoch to epoch, so that from now on
// only actions under epoch or a higher one are stored. A new owner fences
// a table before it reads the table's actions: whatever the old owner
// stored before is in what it reads, and nothing the old owner tries
// after is stored. Fencing at the current epoch changes nothing; fencing
// at a lower one is refused with carrom.ErrStaleEpoch.
func (s tableRows) Fence(ctx context.Context, tableID string, epoch int64) error {
	// One statement: it takes the row's write lock at once, so that two
	// servers fencing the same table queue instead of deadlocking.
	res, err := s.exec(ctx, `UPDATE tables SET epoch = ? WHERE id = ? AND epoch <= ?`, epoch, tableID, epoch)
	if err == nil {
		var n int64
		if n, err = res.RowsAffected(); err == nil && n == 0 {
			var cur int64
			err = s.db.QueryRowContext(ctx, s.d.q(`SELECT epoch FROM tables WHERE id = ?`), tableID).Scan(&cur)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				err = carrom.ErrNotFound
			case err == nil:
				err = fmt.Errorf("%w: epoch %d, the table's is %d", carrom.ErrStaleEpoch, epoch, cur)
			}
		}
	}
	if err != nil {
		return fmt.Errorf("store: fence table %s at epoch %d: %w", tableID, epoch, err)
	}
	return nil
}
