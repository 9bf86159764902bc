package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/challenge"
)

// CreateChallenge stores an open challenge.
func (s playerRows) CreateChallenge(ctx context.Context, c challenge.Challenge) error {
	if _, err := s.exec(ctx, `INSERT INTO challenges (id, from_account, from_token, to_account, config, status, created_at) VALUES (?, ?, ?, ?, ?, 'open', ?)`,
		c.ID, c.From, c.FromToken, c.To, string(c.Config), nanos(c.Created)); err != nil {
		return fmt.Errorf("store: create challenge: %w", err)
	}
	return nil
}

const challengeQuery = `SELECT c.id, c.from_account, c.to_account, f.name, t.name, c.from_token, c.config, c.status, c.table_id, c.created_at
	FROM challenges c JOIN accounts f ON f.id = c.from_account JOIN accounts t ON t.id = c.to_account `

func scanChallenge(r scanner) (challenge.Challenge, error) {
	var (
		c       challenge.Challenge
		config  string
		tableID sql.NullString
		created int64
	)
	if err := r.Scan(&c.ID, &c.From, &c.To, &c.FromName, &c.ToName, &c.FromToken, &config, &c.Status, &tableID, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return c, carrom.ErrNotFound
		}
		return c, fmt.Errorf("store: read challenge: %w", err)
	}
	c.Config, c.TableID, c.Created = []byte(config), tableID.String, fromNanos(created)
	return c, nil
}

// Challenge returns one challenge.
func (s playerRows) Challenge(ctx context.Context, id string) (challenge.Challenge, error) {
	return scanChallenge(s.queryRow(ctx, challengeQuery+`WHERE c.id = ?`, id))
}

// Challenges lists the challenges an account sent or received, newest
// first, at most 50.
func (s playerRows) Challenges(ctx context.Context, accountID string) ([]challenge.Challenge, error) {
	rows, err := s.query(ctx, challengeQuery+`WHERE c.from_account = ? OR c.to_account = ? ORDER BY c.created_at DESC, c.id LIMIT 50`, accountID, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: challenges of %s: %w", accountID, err)
	}
	defer rows.Close()
	out := []challenge.Challenge{}
	for rows.Next() {
		c, err := scanChallenge(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// SetChallenge moves an open challenge to status (with the table made, if
// accepted); one no longer open is carrom.ErrNotFound.
func (s playerRows) SetChallenge(ctx context.Context, id string, status challenge.Status, tableID string) error {
	var table any
	if tableID != "" {
		table = tableID
	}
	res, err := s.exec(ctx, `UPDATE challenges SET status = ?, table_id = ? WHERE id = ? AND status = 'open'`, string(status), table, id)
	if err != nil {
		return fmt.Errorf("store: challenge %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: open challenge %s: %w", id, carrom.ErrNotFound)
	}
	return nil
}

// ReopenChallenge opens again a challenge accepted with tableID whose
// table could not be made.
func (s playerRows) ReopenChallenge(ctx context.Context, id, tableID string) error {
	if _, err := s.exec(ctx, `UPDATE challenges SET status = 'open', table_id = NULL WHERE id = ? AND status = 'accepted' AND table_id = ?`, id, tableID); err != nil {
		return fmt.Errorf("store: challenge %s: %w", id, err)
	}
	return nil
}
