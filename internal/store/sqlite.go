// Package store keeps the server's tables in SQLite (the embedded
// default): one file in the data directory, in WAL mode, its schema
// migrated by embedded goose migrations.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the pure-Go SQLite driver "sqlite"

	"github.com/carrom-game/carrom/internal/carrom"
)

//go:embed migrations/*.sql
var migrations embed.FS

// SQLite keeps the tables in one SQLite file; it is the store the server
// declares (internal/server.Store).
type SQLite struct {
	db   *sql.DB
	lock *flock.Flock
}

// ErrLocked is returned when another process holds the data directory.
var ErrLocked = errors.New("the data directory is in use by another carrom server")

// OpenSQLite opens (creating if need be) carrom.db in dir and migrates it.
// It locks dir until Close: a second server on the same data would resume
// the same tables, and its copies could never store an action.
func OpenSQLite(ctx context.Context, dir string) (*SQLite, error) {
	lockPath := filepath.Join(dir, "carrom.lock")
	lock := flock.New(lockPath)
	locked, err := lock.TryLock()
	if err != nil {
		return nil, fmt.Errorf("store: lock %s: %w", lockPath, err)
	}
	if !locked {
		return nil, fmt.Errorf("store: %s: %w (it holds %s)", dir, ErrLocked, lockPath)
	}
	s, err := openSQLite(ctx, dir)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	s.lock = lock
	return s, nil
}

func openSQLite(ctx context.Context, dir string) (*SQLite, error) {
	path := filepath.Join(dir, "carrom.db")
	// WAL lets readers go on while a commit is written. With WAL,
	// synchronous=NORMAL keeps every commit once the call returns even if
	// the process is killed (the OS holds the log); only a power cut can lose
	// the last commits, and it spares an fsync per action.
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(ON)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// One writer at a time is all SQLite allows; a single connection keeps
	// writes in order without busy retries.
	db.SetMaxOpenConns(1)
	goose.SetBaseFS(migrations)
	goose.SetLogger(goose.NopLogger())
	if err := goose.SetDialect("sqlite3"); err != nil {
		db.Close()
		return nil, err
	}
	if err := goose.UpContext(ctx, db, "migrations"); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", path, err)
	}
	return &SQLite{db: db}, nil
}

// Close closes the database and unlocks the data directory.
func (s *SQLite) Close() error {
	return errors.Join(s.db.Close(), s.lock.Unlock())
}

func nanos(t time.Time) int64 { return t.UnixNano() }

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

// CreateTable stores a new table.
func (s *SQLite) CreateTable(ctx context.Context, t carrom.TableRecord) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO tables (id, config, created_at) VALUES (?, ?, ?)`,
		t.ID, string(t.Config), nanos(t.Created))
	if err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	return nil
}

// AppendAction stores one action.
func (s *SQLite) AppendAction(ctx context.Context, tableID string, a carrom.ActionRecord) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO actions (table_id, seq, action, at) VALUES (?, ?, ?, ?)`,
		tableID, a.Seq, string(a.Action), nanos(a.At))
	if err != nil {
		return fmt.Errorf("store: table %s action %d: %w", tableID, a.Seq, err)
	}
	return nil
}

// FinishTable records the end of a table's match.
func (s *SQLite) FinishTable(ctx context.Context, tableID string, at time.Time, result []byte) error {
	res, err := s.db.ExecContext(ctx, `UPDATE tables SET finished_at = ?, result = ? WHERE id = ?`, nanos(at), string(result), tableID)
	if err != nil {
		return fmt.Errorf("store: finish table %s: %w", tableID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: finish table %s: %w", tableID, carrom.ErrNotFound)
	}
	return nil
}

// ClaimSeat records who holds a human seat.
func (s *SQLite) ClaimSeat(ctx context.Context, tableID string, seat carrom.SeatRecord) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO seats (table_id, seat, token, nickname) VALUES (?, ?, ?, ?)
		ON CONFLICT (table_id, seat) DO UPDATE SET nickname = excluded.nickname WHERE seats.token = excluded.token`,
		tableID, seat.Seat, seat.Token, seat.Nickname)
	if err != nil {
		return fmt.Errorf("store: table %s seat %d: %w", tableID, seat.Seat, err)
	}
	return nil
}

// Tables lists the unfinished or the finished tables, newest first.
func (s *SQLite) Tables(ctx context.Context, finished bool) ([]carrom.TableRecord, error) {
	cond := "finished_at IS NULL"
	if finished {
		cond = "finished_at IS NOT NULL"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, config, created_at, finished_at, result FROM tables WHERE `+cond+` ORDER BY created_at DESC, id`)
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
	for i := range out {
		if out[i].Seats, err = s.seats(ctx, out[i].ID); err != nil {
			return nil, err
		}
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
	if err := r.Scan(&t.ID, &config, &created, &finished, &result); err != nil {
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
func (s *SQLite) Table(ctx context.Context, id string) (carrom.TableRecord, error) {
	t, err := scanTable(s.db.QueryRowContext(ctx, `SELECT id, config, created_at, finished_at, result FROM tables WHERE id = ?`, id))
	if err != nil {
		return t, err
	}
	t.Seats, err = s.seats(ctx, id)
	return t, err
}

func (s *SQLite) seats(ctx context.Context, id string) ([]carrom.SeatRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seat, token, nickname FROM seats WHERE table_id = ? ORDER BY seat`, id)
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
func (s *SQLite) Actions(ctx context.Context, tableID string) ([]carrom.ActionRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, action, at FROM actions WHERE table_id = ? ORDER BY seq`, tableID)
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
		if err := rows.Scan(&a.Seq, &action, &at); err != nil {
			return nil, fmt.Errorf("store: actions of %s: %w", tableID, err)
		}
		a.Action, a.At = []byte(action), fromNanos(at)
		out = append(out, a)
	}
	return out, rows.Err()
}
