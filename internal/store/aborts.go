package store

import (
	"context"
	"fmt"
	"time"
)

// RecordAbort notes that an account left table's rated match before its
// first stroke, at; noting it again changes nothing.
func (s playerRows) RecordAbort(ctx context.Context, accountID, tableID string, at time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO aborts (account_id, table_id, at) VALUES (?, ?, ?) ON CONFLICT (table_id, account_id) DO NOTHING`, accountID, tableID, nanos(at))
	if err != nil {
		return fmt.Errorf("store: abort of %s by %s: %w", tableID, accountID, err)
	}
	return nil
}

// Aborts lists when an account left rated matches before their first
// stroke, from since on, oldest first.
func (s playerRows) Aborts(ctx context.Context, accountID string, since time.Time) ([]time.Time, error) {
	rows, err := s.query(ctx, `SELECT at FROM aborts WHERE account_id = ? AND at >= ? ORDER BY at`, accountID, nanos(since))
	if err != nil {
		return nil, fmt.Errorf("store: aborts of %s: %w", accountID, err)
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var at int64
		if err := rows.Scan(&at); err != nil {
			return nil, fmt.Errorf("store: aborts of %s: %w", accountID, err)
		}
		out = append(out, fromNanos(at))
	}
	return out, rows.Err()
}
