package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/internal/carrom"
)

// TournamentFinals is how a tournament finishes; one never set has no
// finals and prizes "none".
func (s championshipRows) TournamentFinals(ctx context.Context, id string) (carrom.TournamentFinals, error) {
	f := carrom.TournamentFinals{BestOf: 1, Prizes: "none"}
	err := s.queryRow(ctx, `SELECT places, best_of, prizes FROM tournament_finals WHERE tournament_id = ?`, id).Scan(&f.Places, &f.BestOf, &f.Prizes)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return f, fmt.Errorf("store: finals of %s: %w", id, err)
	}
	return f, nil
}

// insertFinals stores how a tournament finishes, over what it was.
const insertFinals = `INSERT INTO tournament_finals (tournament_id, places, best_of, prizes) VALUES (?, ?, ?, ?)
	ON CONFLICT (tournament_id) DO UPDATE SET places = excluded.places, best_of = excluded.best_of, prizes = excluded.prizes`

// SetTournamentFinals sets how a tournament finishes. With unpaired, it
// changes nothing once a round after round swiss is stored (the finals
// have begun): carrom.ErrNotFound.
func (s championshipRows) SetTournamentFinals(ctx context.Context, id string, f carrom.TournamentFinals, unpaired bool, swiss int) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if unpaired {
			var n int
			if err := s.txQueryRow(ctx, tx, `SELECT COUNT(*) FROM tournament_matches WHERE tournament_id = ? AND round_no > ?`, id, swiss).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return carrom.ErrNotFound
			}
		}
		_, err := s.txExec(ctx, tx, insertFinals, id, f.Places, f.BestOf, f.Prizes)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: set the finals of %s: %w", id, err)
	}
	return nil
}

// CreateChampionship stores a new championship with its tournaments,
// unless its organiser has max already (carrom.ErrLimit).
func (s championshipRows) CreateChampionship(ctx context.Context, c carrom.Championship, max int) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := s.txExec(ctx, tx, `INSERT INTO championships (id, organiser, name, prizes, skip_worst, created_at)
			SELECT ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM championships WHERE organiser = ?) < ?`,
			c.ID, c.Organiser, c.Name, c.Prizes, c.SkipWorst, nanos(c.Created), c.Organiser, max)
		if err != nil {
			return fmt.Errorf("store: create championship: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: %d championships: %w", max, carrom.ErrLimit)
		}
		for _, t := range c.Tournaments {
			if err := s.txAddChampionshipTournament(ctx, tx, c.ID, t, 0); err != nil {
				return err
			}
		}
		return nil
	})
}

// AddChampionshipTournament adds a tournament to a championship after
// the others, unless it holds max already (carrom.ErrLimit); one there
// already is carrom.ErrDuplicate.
func (s championshipRows) AddChampionshipTournament(ctx context.Context, id, tournament string, max int) error {
	return s.inTx(ctx, func(tx *sql.Tx) error { return s.txAddChampionshipTournament(ctx, tx, id, tournament, max) })
}

// txAddChampionshipTournament adds a tournament to a championship; max 0
// sets no limit.
func (s championshipRows) txAddChampionshipTournament(ctx context.Context, tx *sql.Tx, id, tournament string, max int) error {
	var n, there int
	if err := s.txQueryRow(ctx, tx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN tournament_id = ? THEN 1 ELSE 0 END), 0) FROM championship_tournaments WHERE championship_id = ?`,
		tournament, id).Scan(&n, &there); err != nil {
		return fmt.Errorf("store: tournaments of championship %s: %w", id, err)
	}
	switch {
	case there > 0:
		return fmt.Errorf("store: %s in championship %s: %w", tournament, id, carrom.ErrDuplicate)
	case max > 0 && n >= max:
		return fmt.Errorf("store: %d tournaments in a championship: %w", max, carrom.ErrLimit)
	}
	if _, err := s.txExec(ctx, tx, `INSERT INTO championship_tournaments (championship_id, tournament_id, position) VALUES (?, ?, ?)`, id, tournament, n+1); err != nil {
		return fmt.Errorf("store: add %s to championship %s: %w", tournament, id, err)
	}
	return nil
}

const championshipCols = `id, organiser, name, prizes, skip_worst, created_at`

func scanChampionship(r scanner) (carrom.Championship, error) {
	var (
		c       carrom.Championship
		created int64
	)
	if err := r.Scan(&c.ID, &c.Organiser, &c.Name, &c.Prizes, &c.SkipWorst, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return c, carrom.ErrNotFound
		}
		return c, fmt.Errorf("store: read championship: %w", err)
	}
	c.Created = fromNanos(created)
	return c, nil
}

// Championship returns one championship with its tournaments.
func (s championshipRows) Championship(ctx context.Context, id string) (carrom.Championship, error) {
	c, err := scanChampionship(s.queryRow(ctx, `SELECT `+championshipCols+` FROM championships WHERE id = ?`, id))
	if err != nil {
		return c, err
	}
	rows, err := s.query(ctx, `SELECT tournament_id FROM championship_tournaments WHERE championship_id = ? ORDER BY position`, id)
	if err != nil {
		return c, fmt.Errorf("store: tournaments of championship %s: %w", id, err)
	}
	defer rows.Close()
	c.Tournaments = []string{}
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return c, fmt.Errorf("store: tournaments of championship %s: %w", id, err)
		}
		c.Tournaments = append(c.Tournaments, t)
	}
	return c, rows.Err()
}

// Championships lists an organiser's championships, newest first, without
// their tournaments.
func (s championshipRows) Championships(ctx context.Context, organiser string) ([]carrom.Championship, error) {
	rows, err := s.query(ctx, `SELECT `+championshipCols+` FROM championships WHERE organiser = ? ORDER BY created_at DESC, id`, organiser)
	if err != nil {
		return nil, fmt.Errorf("store: championships of %s: %w", organiser, err)
	}
	defer rows.Close()
	out := []carrom.Championship{}
	for rows.Next() {
		c, err := scanChampionship(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
