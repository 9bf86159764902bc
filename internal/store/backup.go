package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// BackupSQLite writes a consistent copy of the SQLite database in the data
// directory dir to the new file out, while a server may be using it: SQLite's
// VACUUM INTO reads one snapshot (a reader in WAL mode never waits for the
// writer, nor the writer for it) and writes it compacted. The copy is a
// whole database, restored by putting it in place as carrom.db in a data
// directory no server uses. It does not take the directory's lock, nor
// change the database; out must not exist.
func BackupSQLite(ctx context.Context, dir, out string) error {
	path := filepath.Join(dir, "carrom.db")
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("store: backup: %s exists already", out)
	}
	if strings.ContainsAny(out, "?#") {
		return fmt.Errorf("store: backup: %q: want a file name without ? or #", out)
	}
	// mode=ro: the backup cannot change the database, nor create it.
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
		return fmt.Errorf("store: backup of %s: %w", path, err)
	}
	// Check the copy before calling it a backup.
	cp, err := sql.Open("sqlite", "file:"+out+"?mode=ro")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer cp.Close()
	var check string
	if err := cp.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		return fmt.Errorf("store: backup %s fails its integrity check: %s", out, errors.Join(err, errors.New(check)))
	}
	return nil
}
