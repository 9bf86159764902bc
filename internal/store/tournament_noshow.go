package store

import (
	"context"
	"fmt"
)

// TournamentTablesWaiting lists the online tables of tournament matches
// still without a result, of every tournament.
func (s tournamentRows) TournamentTablesWaiting(ctx context.Context) ([]string, error) {
	rows, err := s.query(ctx, `SELECT table_id FROM tournament_matches WHERE table_id IS NOT NULL AND source = ''`)
	if err != nil {
		return nil, fmt.Errorf("store: tournament tables waiting: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: tournament tables waiting: %w", err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: tournament tables waiting: %w", err)
	}
	return out, nil
}
