package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
)

// Every difference between SQLite and PostgreSQL lives in this file: the
// queries elsewhere are written once, with ? placeholders, in the SQL both
// speak.
//
// Migrations: 00001_tables.sql was written for SQLite alone (WITHOUT
// ROWID tables; INTEGER columns for Unix nanoseconds, which PostgreSQL's
// INTEGER would hold in 32 bits) and is never edited, since databases in
// use record it as applied. PostgreSQL runs pgTables below as version 1
// instead, the same tables in its own types. Every later migration is one
// file for both, in the SQL they share (BIGINT, TEXT, ALTER TABLE … ADD
// COLUMN), and the conformance tests apply all of them to both.
type dialect struct {
	name  string
	goose goose.Dialect
	// numbered placeholders ($1, $2, …) instead of ?
	numbered bool
	// lockRow is appended to a SELECT of the rows that a transaction
	// reads to decide a write: it keeps another transaction from changing
	// them until this one ends (SQLite has one writer at a time already).
	lockRow string
	// version1 replaces 00001_tables.sql, if not nil.
	version1 *goose.Migration
	// nowMillis is the SQL of the time now in Unix milliseconds, for the
	// cluster's leases: PostgreSQL's clock is the one every node agrees
	// on; SQLite serves one process, whose clock it is.
	nowMillis func() string
	// byteOrder makes a comparison of text compare code points, as SQLite's
	// BINARY does by default, so that the names that begin with a prefix
	// are one range (PostgreSQL's own order follows the database's locale,
	// in which they need not be). SQLite answers that range from the
	// unique index of name_key; PostgreSQL's index of it is in the
	// locale's order, so it reads the accounts and keeps the first 10
	// (migrations are one SQL file for both, and SQLite knows no "C").
	byteOrder string
	// batchTimeout bounds a batch of the committer (commit.go), its
	// retries included, if more than 0: a database across the network that
	// stops answering fails the actions instead of holding their tables
	// forever. SQLite has none: a lock another process holds fails a
	// statement after busy_timeout, and its driver watches a context that
	// can end with a goroutine of its own for each statement, four a batch
	// that crowded the tables' goroutines out of the committer's core.
	batchTimeout time.Duration
}

var sqlite = &dialect{name: "sqlite", goose: goose.DialectSQLite3,
	nowMillis: func() string { return strconv.FormatInt(time.Now().UnixMilli(), 10) }}

var postgres = &dialect{
	name:         "postgres",
	goose:        goose.DialectPostgres,
	numbered:     true,
	lockRow:      " FOR SHARE",
	nowMillis:    func() string { return "(extract(epoch from clock_timestamp()) * 1000)::bigint" },
	byteOrder:    ` COLLATE "C"`,
	batchTimeout: 30 * time.Second,
	version1: goose.NewGoMigration(1,
		&goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, pgTables)
			return err
		}},
		&goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `DROP TABLE seats; DROP TABLE actions; DROP TABLE tables;`)
			return err
		}}),
}

// pgTables is 00001_tables.sql for PostgreSQL.
const pgTables = `
CREATE TABLE tables (
    id          TEXT PRIMARY KEY,
    config      TEXT NOT NULL,
    created_at  BIGINT NOT NULL, -- Unix nanoseconds
    finished_at BIGINT,
    result      TEXT
);
CREATE INDEX tables_unfinished ON tables (finished_at, created_at);

CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq      BIGINT NOT NULL,
    action   TEXT NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat     INTEGER NOT NULL,
    token    TEXT NOT NULL,
    nickname TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
`

// q rewrites a query's ? placeholders for the dialect. The queries are the
// package's own, with no ? inside a literal.
func (d *dialect) q(query string) string {
	if !d.numbered {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
