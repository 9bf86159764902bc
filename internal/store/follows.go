package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// Follow makes follower follow followed, from at; following again changes
// nothing. It reports false, and stores nothing, when follower follows
// limit accounts already.
func (s playerRows) Follow(ctx context.Context, follower, followed string, at time.Time, limit int) (bool, error) {
	ok := true
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := s.txQueryRow(ctx, tx, `SELECT COUNT(*) FROM follows WHERE follower = ?`, follower).Scan(&n); err != nil {
			return err
		}
		var had int
		if err := s.txQueryRow(ctx, tx, `SELECT COUNT(*) FROM follows WHERE follower = ? AND followed = ?`, follower, followed).Scan(&had); err != nil {
			return err
		}
		if had > 0 {
			return nil
		}
		if n >= limit {
			ok = false
			return nil
		}
		_, err := s.txExec(ctx, tx, `INSERT INTO follows (follower, followed, created_at) VALUES (?, ?, ?) ON CONFLICT (follower, followed) DO NOTHING`, follower, followed, nanos(at))
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: follow: %w", err)
	}
	return ok, nil
}

// Unfollow makes follower follow followed no more.
func (s playerRows) Unfollow(ctx context.Context, follower, followed string) error {
	if _, err := s.exec(ctx, `DELETE FROM follows WHERE follower = ? AND followed = ?`, follower, followed); err != nil {
		return fmt.Errorf("store: unfollow: %w", err)
	}
	return nil
}

// Follows lists the accounts follower follows, by name, each with the
// newest unfinished table where one of its browsers holds a seat (by a
// link to it that had not ended when the table was made).
func (s playerRows) Follows(ctx context.Context, follower string) ([]carrom.Followed, error) {
	rows, err := s.query(ctx, `SELECT a.id, a.name, f.created_at FROM follows f JOIN accounts a ON a.id = f.followed
		WHERE f.follower = ? ORDER BY a.name_key`, follower)
	if err != nil {
		return nil, fmt.Errorf("store: follows of %s: %w", follower, err)
	}
	out := []carrom.Followed{}
	at := map[string]int{}
	for rows.Next() {
		var (
			f     carrom.Followed
			since int64
		)
		if err := rows.Scan(&f.ID, &f.Name, &since); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: follows of %s: %w", follower, err)
		}
		f.Since = fromNanos(since)
		at[f.ID] = len(out)
		out = append(out, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: follows of %s: %w", follower, err)
	}
	rows, err = s.query(ctx, `SELECT k.account_id, t.id FROM follows f
		JOIN account_tokens k ON k.account_id = f.followed
		JOIN seats st ON st.token = k.token
		JOIN tables t ON t.id = st.table_id
		WHERE f.follower = ? AND t.finished_at IS NULL AND (k.ended_at IS NULL OR t.created_at < k.ended_at)
		ORDER BY t.created_at DESC, t.id`, follower)
	if err != nil {
		return nil, fmt.Errorf("store: tables of the follows of %s: %w", follower, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, table string
		if err := rows.Scan(&id, &table); err != nil {
			return nil, fmt.Errorf("store: tables of the follows of %s: %w", follower, err)
		}
		if i, ok := at[id]; ok && out[i].Table == "" {
			out[i].Table = table
		}
	}
	return out, rows.Err()
}

// Followers lists the IDs of the accounts that follow followed.
func (s playerRows) Followers(ctx context.Context, followed string) ([]string, error) {
	rows, err := s.query(ctx, `SELECT follower FROM follows WHERE followed = ? ORDER BY follower`, followed)
	if err != nil {
		return nil, fmt.Errorf("store: followers of %s: %w", followed, err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: followers of %s: %w", followed, err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
