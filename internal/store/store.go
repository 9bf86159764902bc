// Package store keeps the server's tables in SQLite (the embedded default:
// one file in the data directory, in WAL mode) or in PostgreSQL (several
// servers sharing one database). Both are migrated by the same embedded
// goose migrations; dialect.go holds every difference between them.
//
// Every table has an ownership epoch, a fencing number: an action is
// stored only under the table's epoch or a higher one (which it then
// becomes), so a server that lost a table to another can never write over
// the new owner's actions. A single server uses epoch 0 throughout.
//
// The DB is one part for each domain's rows (tableRows, accountRows,
// tournamentRows…), each in its own files, over a shared base of
// connections and the committer.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gofrs/flock"
	_ "github.com/jackc/pgx/v5/stdlib" // the database/sql driver "pgx"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // the pure-Go SQLite driver "sqlite"

	"github.com/carrom-game/carrom/internal/carrom"
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB keeps the tables in SQLite or PostgreSQL; it is the store the server
// declares (internal/server.Store). Its rows are kept by one part for each
// domain, each a file or a few, all on the same connections.
type DB struct {
	*base
	tableRows
	accountRows
	playerRows
	ratingRows
	sheetRows
	tournamentRows
	championshipRows
	leaseRows
}

// The parts of the DB, each the rows of one domain.
type (
	// tableRows: the tables, their seats and actions, and the committer
	// (store.go, commit.go).
	tableRows struct{ *base }
	// accountRows: accounts, their tokens and sessions (accounts.go).
	accountRows struct{ *base }
	// playerRows: what passes between players: challenges, follows,
	// rematches, aborts (challenges.go, follows.go, rematch.go, aborts.go).
	playerRows struct{ *base }
	// ratingRows: the rating periods and leaderboards (ratings.go).
	ratingRows struct{ *base }
	// sheetRows: the umpires' scoresheets (sheets.go).
	sheetRows struct{ *base }
	// tournamentRows: tournaments, their players, rounds, clocks and
	// partners (tournament*.go).
	tournamentRows struct{ *base }
	// championshipRows: finals and championships (championships.go).
	championshipRows struct{ *base }
	// leaseRows: the cluster's table and pool leases (lease.go,
	// poollease.go).
	leaseRows struct{ *base }
)

func newDB(b *base) *DB {
	return &DB{base: b, tableRows: tableRows{b}, accountRows: accountRows{b}, playerRows: playerRows{b},
		ratingRows: ratingRows{b}, sheetRows: sheetRows{b}, tournamentRows: tournamentRows{b},
		championshipRows: championshipRows{b}, leaseRows: leaseRows{b}}
}

// base is what every part of the DB shares: the connections, the dialect
// and the committer's state.
type base struct {
	db *sql.DB
	// rdb serves the reads of tables, seats and actions. On SQLite it is a
	// pool of query-only connections of its own: WAL lets them read while
	// the one writing connection commits, so a long listing never holds up
	// the actions. On PostgreSQL it is db.
	rdb  *sql.DB
	d    *dialect
	lock *flock.Flock // SQLite's data directory, locked while open; nil for PostgreSQL

	// The committer (commit.go) stores the actions sent on appends.
	mu        sync.RWMutex // held to send on appends; Close takes it to close appends
	closed    bool
	appends   chan *appendReq
	committed chan struct{} // closed when the committer has returned
	run       runStmts
	ckpt      *checkpointer // SQLite's (checkpoint.go); nil for PostgreSQL
	// dbFile is SQLite's database file, which the checkpointer syncs. It
	// stays open until every connection is closed: closing any descriptor
	// of a file drops the process's POSIX locks on it, SQLite's included.
	dbFile *os.File

	// leaseDB renews a cluster's leases on connections of their own, so
	// that a busy pool never delays a renewal past a lease's end; db
	// itself for SQLite.
	leaseDB *sql.DB
}

// ErrLocked is returned when another process holds the data directory.
var ErrLocked = errors.New("the data directory is in use by another carrom server")

// Open opens the store that spec names: a PostgreSQL URL
// (postgres://… or postgresql://…), or "" for SQLite in the data
// directory dir.
func Open(ctx context.Context, spec, dir string) (*DB, error) {
	switch {
	case spec == "":
		return OpenSQLite(ctx, dir)
	case strings.HasPrefix(spec, "postgres://"), strings.HasPrefix(spec, "postgresql://"):
		return OpenPostgres(ctx, spec)
	}
	return nil, fmt.Errorf("store: %q is not a store: want a postgres:// URL, or nothing for SQLite in the data directory", redact(spec))
}

// OpenSQLite opens (creating if need be) carrom.db in dir and migrates it.
// It locks dir until Close: a second server on the same data would resume
// the same tables, and its copies could never store an action.
func OpenSQLite(ctx context.Context, dir string) (*DB, error) {
	lockPath := filepath.Join(dir, "carrom.lock")
	fl := flock.New(lockPath)
	locked, err := fl.TryLock()
	if err != nil {
		return nil, fmt.Errorf("store: lock %s: %w", lockPath, err)
	}
	if !locked {
		return nil, fmt.Errorf("store: %s: %w (it holds %s)", dir, ErrLocked, lockPath)
	}
	path := filepath.Join(dir, "carrom.db")
	// WAL lets readers go on while a commit is written. With WAL,
	// synchronous=NORMAL keeps every commit once the call returns even if
	// the process is killed (the OS holds the log); only a power cut can lose
	// the last commits, and it spares an fsync per action. The checkpoints
	// are the checkpointer's (checkpoint.go), not the commits'. A statement
	// that may fail halfway (an insert of many actions, checked against
	// their tables) keeps the pages it changes as they were until it ends;
	// past 64 KiB SQLite kept them in a temporary file, made, written and
	// thrown away on the commit path, each step a wait on the disk.
	// temp_store=MEMORY keeps them in memory: a run's statement stores at
	// most 64 actions, a few hundred KiB of pages.
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(ON)&_pragma=wal_autocheckpoint(0)&_pragma=temp_store(MEMORY)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		fl.Unlock()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// One writer at a time is all SQLite allows; a single connection keeps
	// writes in order without busy retries.
	db.SetMaxOpenConns(1)
	s := newDB(&base{db: db, d: sqlite, lock: fl, leaseDB: db})
	if err := s.migrate(ctx); err != nil {
		db.Close()
		fl.Unlock()
		return nil, fmt.Errorf("store: migrate %s: %w", path, err)
	}
	if s.rdb, err = sql.Open("sqlite", "file:"+path+"?_pragma=query_only(1)&_pragma=busy_timeout(5000)"); err != nil {
		db.Close()
		fl.Unlock()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s.rdb.SetMaxOpenConns(4)
	if err := s.prepareRun(ctx); err != nil {
		s.closeRun()
		s.rdb.Close()
		db.Close()
		fl.Unlock()
		return nil, fmt.Errorf("store: prepare %s: %w", path, err)
	}
	ckpt, err := sql.Open("sqlite", "file:"+path+"?_pragma=synchronous(NORMAL)&_pragma=busy_timeout(5000)")
	if err == nil {
		// Read-write: Windows flushes only a file opened for writing.
		if s.dbFile, err = os.OpenFile(path, os.O_RDWR, 0); err != nil {
			ckpt.Close()
		}
	}
	if err != nil {
		s.closeRun()
		s.rdb.Close()
		db.Close()
		fl.Unlock()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	ckpt.SetMaxOpenConns(1)
	s.ckpt = startCheckpointer(ckpt, db, s.dbFile.Sync, checkpointEvery, restartFrames)
	s.startCommitter()
	return s, nil
}

// The checkpointer's pace: a run every half second, which copies half a
// second's play of 4,000 tables, about 1,250 pages; and a log started over
// once it passes 64 MB (16,384 pages of 4 KB), every few seconds of that play.
const (
	checkpointEvery = 500 * time.Millisecond
	restartFrames   = 16384
)

// OpenPostgres connects to the PostgreSQL database at url and migrates it.
// Several servers may share the database; they migrate one at a time.
func OpenPostgres(ctx context.Context, url string) (*DB, error) {
	url = idleTimeout(url)
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", redact(url), err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", redact(url), err)
	}
	s := newDB(&base{db: db, rdb: db, d: postgres})
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", redact(url), err)
	}
	if s.leaseDB, err = sql.Open("pgx", url); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", redact(url), err)
	}
	s.leaseDB.SetMaxOpenConns(2)
	if err := s.prepareRun(ctx); err != nil {
		s.closeRun()
		s.leaseDB.Close()
		db.Close()
		return nil, fmt.Errorf("store: prepare on %s: %w", redact(url), err)
	}
	s.startCommitter()
	return s, nil
}

// idleTimeout has PostgreSQL end a session left idle inside a transaction
// for a second (unless the URL sets it): a server frozen mid-transaction
// (a long pause, a stopped VM) would otherwise hold its row locks, and the
// node taking its tables over could not fence them until it came back.
// carrom's transactions are a few statements sent back to back.
func idleTimeout(u string) string {
	const param = "idle_in_transaction_session_timeout"
	p, err := neturl.Parse(u)
	if err != nil || p.Query().Has(param) {
		return u
	}
	q := p.Query()
	q.Set(param, "1000")
	p.RawQuery = q.Encode()
	return p.String()
}

// redact hides the password of a URL that is written in an error.
func redact(url string) string {
	scheme, rest, ok := strings.Cut(url, "://")
	if !ok {
		return url
	}
	userinfo, host, ok := strings.Cut(rest, "@")
	if !ok {
		return url
	}
	if name, _, hasPass := strings.Cut(userinfo, ":"); hasPass {
		return scheme + "://" + name + ":xxxxx@" + host
	}
	return url
}

func (s *DB) migrate(ctx context.Context) error {
	p, err := s.provider()
	if err != nil {
		return err
	}
	if _, err = p.Up(ctx); err != nil {
		return err
	}
	return s.fillNames(ctx)
}

// provider is goose's migrator for the store's database.
func (s *base) provider() (*goose.Provider, error) {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	if s.d.version1 != nil {
		opts = append(opts, goose.WithExcludeNames([]string{"00001_tables.sql"}), goose.WithGoMigrations(s.d.version1))
	}
	if s.d == postgres {
		// Servers starting together take turns (an advisory lock).
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	return goose.NewProvider(s.d.goose, s.db, fsys, opts...)
}

// Dialect names the database: "sqlite" or "postgres".
func (s *base) Dialect() string { return s.d.name }

// Close stores the actions already sent, closes the database and unlocks
// SQLite's data directory.
func (s *DB) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.appends)
	s.mu.Unlock()
	<-s.committed
	err := s.closeRun()
	if s.ckpt != nil {
		err = errors.Join(err, s.ckpt.close())
	}
	err = errors.Join(err, s.db.Close())
	if s.rdb != s.db {
		err = errors.Join(err, s.rdb.Close())
	}
	if s.leaseDB != s.db {
		err = errors.Join(err, s.leaseDB.Close())
	}
	if s.dbFile != nil {
		err = errors.Join(err, s.dbFile.Close())
	}
	if s.lock != nil {
		err = errors.Join(err, s.lock.Unlock())
	}
	return err
}

func nanos(t time.Time) int64 { return t.UnixNano() }

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

func (s *base) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return s.db.ExecContext(ctx, s.d.q(query), args...)
}

// CreateTable stores a new table, at epoch 0.
func (s tableRows) CreateTable(ctx context.Context, t carrom.TableRecord) error {
	_, err := s.exec(ctx, `INSERT INTO tables (id, config, created_at) VALUES (?, ?, ?)`,
		t.ID, string(t.Config), nanos(t.Created))
	if err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	return nil
}

// inTx runs f in a transaction, committed if f returns no error.
func (s *base) inTx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// FinishTable records the end of a table's match.
func (s tableRows) FinishTable(ctx context.Context, tableID string, at time.Time, result []byte) error {
	res, err := s.exec(ctx, `UPDATE tables SET finished_at = ?, result = ? WHERE id = ?`, nanos(at), string(result), tableID)
	if err != nil {
		return fmt.Errorf("store: finish table %s: %w", tableID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: finish table %s: %w", tableID, carrom.ErrNotFound)
	}
	return nil
}

// ClaimSeat records who holds a human seat.
func (s tableRows) ClaimSeat(ctx context.Context, tableID string, seat carrom.SeatRecord) error {
	_, err := s.exec(ctx, `INSERT INTO seats (table_id, seat, token, nickname) VALUES (?, ?, ?, ?)
		ON CONFLICT (table_id, seat) DO UPDATE SET nickname = excluded.nickname WHERE seats.token = excluded.token`,
		tableID, seat.Seat, seat.Token, seat.Nickname)
	if err != nil {
		return fmt.Errorf("store: table %s seat %d: %w", tableID, seat.Seat, err)
	}
	return nil
}

const tableColumns = `id, config, created_at, finished_at, result, epoch`

// Tables lists the unfinished or the finished tables, newest first.
func (s tableRows) Tables(ctx context.Context, finished bool) ([]carrom.TableRecord, error) {
	cond := "finished_at IS NULL"
	if finished {
		cond = "finished_at IS NOT NULL"
	}
	rows, err := s.rdb.QueryContext(ctx, `SELECT `+tableColumns+` FROM tables WHERE `+cond+` ORDER BY created_at DESC, id`)
	if err != nil {
		return nil, fmt.Errorf("store: list tables: %w", err)
	}
	var out []carrom.TableRecord
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list tables: %w", err)
	}
	// The seats of all those tables in one query, not one a table: the
	// lobby lists every table on each request, and on SQLite every query
	// takes its turn on the connection the actions are stored by.
	at := make(map[string]int, len(out))
	for i, t := range out {
		at[t.ID] = i
	}
	rows, err = s.rdb.QueryContext(ctx, `SELECT s.table_id, s.seat, s.token, s.nickname FROM seats s JOIN tables t ON t.id = s.table_id
		WHERE t.`+cond+` ORDER BY s.table_id, s.seat`)
	if err != nil {
		return nil, fmt.Errorf("store: list seats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id string
			st carrom.SeatRecord
		)
		if err := rows.Scan(&id, &st.Seat, &st.Token, &st.Nickname); err != nil {
			return nil, fmt.Errorf("store: list seats: %w", err)
		}
		// A table made between the two queries is not listed.
		if i, ok := at[id]; ok {
			out[i].Seats = append(out[i].Seats, st)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list seats: %w", err)
	}
	return out, nil
}

type scanner interface{ Scan(...any) error }

func scanTable(r scanner) (carrom.TableRecord, error) {
	var (
		t        carrom.TableRecord
		config   string
		created  int64
		finished sql.NullInt64
		result   sql.NullString
	)
	if err := r.Scan(&t.ID, &config, &created, &finished, &result, &t.Epoch); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return t, carrom.ErrNotFound
		}
		return t, fmt.Errorf("store: read table: %w", err)
	}
	t.Config, t.Created = []byte(config), fromNanos(created)
	if finished.Valid {
		t.Finished = fromNanos(finished.Int64)
	}
	if result.Valid {
		t.Result = []byte(result.String)
	}
	return t, nil
}

// Table returns one table with its seats.
func (s tableRows) Table(ctx context.Context, id string) (carrom.TableRecord, error) {
	t, err := scanTable(s.rdb.QueryRowContext(ctx, s.d.q(`SELECT `+tableColumns+` FROM tables WHERE id = ?`), id))
	if err != nil {
		return t, err
	}
	t.Seats, err = s.seats(ctx, id)
	return t, err
}

func (s *base) seats(ctx context.Context, id string) ([]carrom.SeatRecord, error) {
	rows, err := s.rdb.QueryContext(ctx, s.d.q(`SELECT seat, token, nickname FROM seats WHERE table_id = ? ORDER BY seat`), id)
	if err != nil {
		return nil, fmt.Errorf("store: seats of %s: %w", id, err)
	}
	defer rows.Close()
	var out []carrom.SeatRecord
	for rows.Next() {
		var st carrom.SeatRecord
		if err := rows.Scan(&st.Seat, &st.Token, &st.Nickname); err != nil {
			return nil, fmt.Errorf("store: seats of %s: %w", id, err)
		}
		out = append(out, st)
	}
	return out, rows.Err()
}

// Actions returns a table's actions in order.
func (s tableRows) Actions(ctx context.Context, tableID string) ([]carrom.ActionRecord, error) {
	rows, err := s.rdb.QueryContext(ctx, s.d.q(`SELECT seq, action, at, epoch FROM actions WHERE table_id = ? ORDER BY seq`), tableID)
	if err != nil {
		return nil, fmt.Errorf("store: actions of %s: %w", tableID, err)
	}
	defer rows.Close()
	var out []carrom.ActionRecord
	for rows.Next() {
		var (
			a      carrom.ActionRecord
			action string
			at     int64
		)
		if err := rows.Scan(&a.Seq, &action, &at, &a.Epoch); err != nil {
			return nil, fmt.Errorf("store: actions of %s: %w", tableID, err)
		}
		a.Action, a.At = []byte(action), fromNanos(at)
		out = append(out, a)
	}
	return out, rows.Err()
}
