package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/carrom-game/carrom/internal/carrom"
)

// LinkRematch names next as the rematch of a table unless it has one
// already, in one statement, so that of two nodes racing one wins; it
// returns the table's rematch, next or the one set before.
func (s playerRows) LinkRematch(ctx context.Context, tableID, next string) (string, error) {
	if _, err := s.exec(ctx, `UPDATE tables SET rematch = ? WHERE id = ? AND rematch IS NULL`, next, tableID); err != nil {
		return "", fmt.Errorf("store: rematch of %s: %w", tableID, err)
	}
	var got sql.NullString
	err := s.db.QueryRowContext(ctx, s.d.q(`SELECT rematch FROM tables WHERE id = ?`), tableID).Scan(&got)
	switch {
	case err == sql.ErrNoRows:
		return "", fmt.Errorf("store: rematch of %s: %w", tableID, carrom.ErrNotFound)
	case err != nil:
		return "", fmt.Errorf("store: rematch of %s: %w", tableID, err)
	}
	return got.String, nil
}

// UnlinkRematch forgets a table's rematch if it is next (a rematch that
// could not be made), so that the next request makes one.
func (s playerRows) UnlinkRematch(ctx context.Context, tableID, next string) error {
	if _, err := s.exec(ctx, `UPDATE tables SET rematch = NULL WHERE id = ? AND rematch = ?`, tableID, next); err != nil {
		return fmt.Errorf("store: rematch of %s: %w", tableID, err)
	}
	return nil
}
