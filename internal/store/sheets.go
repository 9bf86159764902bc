package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/umpire"
)

// CreateSheet stores a new scoresheet.
func (s sheetRows) CreateSheet(ctx context.Context, sh umpire.Record) error {
	_, err := s.exec(ctx, `INSERT INTO sheets (id, token, config, created_at) VALUES (?, ?, ?, ?)`,
		sh.ID, sh.Token, string(sh.Config), nanos(sh.Created))
	if err != nil {
		return fmt.Errorf("store: create sheet %s: %w", sh.ID, err)
	}
	return nil
}

// Sheet returns one scoresheet.
func (s sheetRows) Sheet(ctx context.Context, id string) (umpire.Record, error) {
	return scanSheet(s.db.QueryRowContext(ctx, s.d.q(`SELECT id, token, config, created_at, finished_at, result FROM sheets WHERE id = ?`), id))
}

// SheetsOf lists the scoresheets an identity opened, newest first.
func (s sheetRows) SheetsOf(ctx context.Context, token string) ([]umpire.Record, error) {
	rows, err := s.db.QueryContext(ctx, s.d.q(`SELECT id, token, config, created_at, finished_at, result FROM sheets WHERE token = ? ORDER BY created_at DESC, id`), token)
	if err != nil {
		return nil, fmt.Errorf("store: list sheets: %w", err)
	}
	defer rows.Close()
	var out []umpire.Record
	for rows.Next() {
		sh, err := scanSheet(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, sh)
	}
	return out, rows.Err()
}

func scanSheet(r scanner) (umpire.Record, error) {
	var (
		sh       umpire.Record
		config   string
		created  int64
		finished sql.NullInt64
		result   sql.NullString
	)
	if err := r.Scan(&sh.ID, &sh.Token, &config, &created, &finished, &result); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return sh, carrom.ErrNotFound
		}
		return sh, fmt.Errorf("store: read sheet: %w", err)
	}
	sh.Config, sh.Created = []byte(config), fromNanos(created)
	if finished.Valid {
		sh.Finished = fromNanos(finished.Int64)
	}
	if result.Valid {
		sh.Result = []byte(result.String)
	}
	return sh, nil
}

// AppendSheetOp stores operation op.Seq of a sheet; a number stored
// already is carrom.ErrDuplicate, and the stored one stays.
func (s sheetRows) AppendSheetOp(ctx context.Context, sheetID string, op umpire.StoredOp) error {
	res, err := s.exec(ctx, `INSERT INTO sheet_ops (sheet_id, seq, op, at) VALUES (?, ?, ?, ?) ON CONFLICT (sheet_id, seq) DO NOTHING`,
		sheetID, op.Seq, string(op.Op), nanos(op.At))
	if err != nil {
		return fmt.Errorf("store: sheet %s entry %d: %w", sheetID, op.Seq, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: sheet %s entry %d: %w", sheetID, op.Seq, carrom.ErrDuplicate)
	}
	return nil
}

// SheetOps returns a sheet's operations numbered after after, in order:
// a server that holds a sheet's state up to after reads only the newer.
func (s sheetRows) SheetOps(ctx context.Context, sheetID string, after int64) ([]umpire.StoredOp, error) {
	rows, err := s.db.QueryContext(ctx, s.d.q(`SELECT seq, op, at FROM sheet_ops WHERE sheet_id = ? AND seq > ? ORDER BY seq`), sheetID, after)
	if err != nil {
		return nil, fmt.Errorf("store: entries of sheet %s: %w", sheetID, err)
	}
	defer rows.Close()
	var out []umpire.StoredOp
	for rows.Next() {
		var (
			op   umpire.StoredOp
			text string
			at   int64
		)
		if err := rows.Scan(&op.Seq, &text, &at); err != nil {
			return nil, fmt.Errorf("store: entries of sheet %s: %w", sheetID, err)
		}
		op.Op, op.At = []byte(text), fromNanos(at)
		out = append(out, op)
	}
	return out, rows.Err()
}

// FinishSheet records the end of a sheet's match, or clears it (zero at).
func (s sheetRows) FinishSheet(ctx context.Context, sheetID string, at time.Time, result []byte) error {
	var fin, res any
	if !at.IsZero() {
		fin, res = nanos(at), string(result)
	}
	r, err := s.exec(ctx, `UPDATE sheets SET finished_at = ?, result = ? WHERE id = ?`, fin, res, sheetID)
	if err != nil {
		return fmt.Errorf("store: finish sheet %s: %w", sheetID, err)
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return fmt.Errorf("store: finish sheet %s: %w", sheetID, carrom.ErrNotFound)
	}
	return nil
}

// ConfirmSheet records that an account confirmed a sheet's result as it
// stood at operation seq; a later confirmation replaces an earlier one.
func (s sheetRows) ConfirmSheet(ctx context.Context, sheetID string, c umpire.Confirm) error {
	_, err := s.exec(ctx, `INSERT INTO sheet_confirms (sheet_id, account_id, seq, at) VALUES (?, ?, ?, ?)
		ON CONFLICT (sheet_id, account_id) DO UPDATE SET seq = excluded.seq, at = excluded.at`,
		sheetID, c.AccountID, c.Seq, nanos(c.At))
	if err != nil {
		return fmt.Errorf("store: confirm sheet %s: %w", sheetID, err)
	}
	return nil
}

// SheetConfirms lists a sheet's confirmations.
func (s sheetRows) SheetConfirms(ctx context.Context, sheetID string) ([]umpire.Confirm, error) {
	rows, err := s.db.QueryContext(ctx, s.d.q(`SELECT account_id, seq, at FROM sheet_confirms WHERE sheet_id = ? ORDER BY account_id`), sheetID)
	if err != nil {
		return nil, fmt.Errorf("store: confirmations of sheet %s: %w", sheetID, err)
	}
	defer rows.Close()
	var out []umpire.Confirm
	for rows.Next() {
		var (
			c  umpire.Confirm
			at int64
		)
		if err := rows.Scan(&c.AccountID, &c.Seq, &at); err != nil {
			return nil, fmt.Errorf("store: confirmations of sheet %s: %w", sheetID, err)
		}
		c.At = fromNanos(at)
		out = append(out, c)
	}
	return out, rows.Err()
}
