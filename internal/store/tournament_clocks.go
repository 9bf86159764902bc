package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/internal/carrom"
)

// StartTournamentClock stores a round's countdown, over the one it had.
func (s tournamentRows) StartTournamentClock(ctx context.Context, c carrom.TournamentClock) error {
	_, err := s.exec(ctx, `INSERT INTO tournament_clocks (tournament_id, round_no, started_at, minutes, warning) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (tournament_id, round_no) DO UPDATE SET started_at = excluded.started_at, minutes = excluded.minutes, warning = excluded.warning`,
		c.Tournament, c.Round, nanos(c.Started), c.Minutes, c.Warning)
	if err != nil {
		return fmt.Errorf("store: clock of %s round %d: %w", c.Tournament, c.Round, err)
	}
	return nil
}

// TournamentClock is the countdown of a tournament's latest round that
// has one; carrom.ErrNotFound if none has.
func (s tournamentRows) TournamentClock(ctx context.Context, id string) (carrom.TournamentClock, error) {
	c := carrom.TournamentClock{Tournament: id}
	var at int64
	err := s.queryRow(ctx, `SELECT round_no, started_at, minutes, warning FROM tournament_clocks WHERE tournament_id = ? ORDER BY round_no DESC LIMIT 1`, id).
		Scan(&c.Round, &at, &c.Minutes, &c.Warning)
	if errors.Is(err, sql.ErrNoRows) {
		return c, carrom.ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("store: clock of %s: %w", id, err)
	}
	c.Started = fromNanos(at)
	return c, nil
}
