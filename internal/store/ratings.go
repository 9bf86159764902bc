package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/internal/rating"
)

// Rate runs policy in one transaction over the rows of ratings, committed
// if it returns no error: the policy decides (rating.Rate), the store
// reads and writes. Two ratings at once of one player must not both
// start from his old rating: PostgreSQL runs this serializable (and
// refuses the later of two that conflict); SQLite has one writer at a
// time.
func (s ratingRows) Rate(ctx context.Context, policy func(rating.Ledger) error) error {
	var opts *sql.TxOptions
	if s.d == postgres {
		opts = &sql.TxOptions{Isolation: sql.LevelSerializable}
	}
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("store: rate: %w", err)
	}
	defer tx.Rollback()
	if err := policy(ledger{s: s, ctx: ctx, tx: tx}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: rate: %w", err)
	}
	return nil
}

// ledger is rating.Ledger on the rows of one transaction.
type ledger struct {
	s   ratingRows
	ctx context.Context
	tx  *sql.Tx
}

func (l ledger) Rated(tableID string) (bool, error) {
	var n int
	if err := l.s.txQueryRow(l.ctx, l.tx, `SELECT COUNT(*) FROM rated_results WHERE table_id = ?`, tableID).Scan(&n); err != nil {
		return false, fmt.Errorf("store: results of %s: %w", tableID, err)
	}
	return n > 0, nil
}

func (l ledger) Between(a, b string, day int64) (int, error) {
	n, err := l.s.ratedBetween(l.ctx, l.tx, a, b, day)
	if err != nil {
		return 0, fmt.Errorf("store: rated matches between %s and %s: %w", a, b, err)
	}
	return n, nil
}

func (l ledger) Kept(id string, pool rating.Pool) (rating.Period, bool, error) {
	var p rating.Period
	err := l.s.txQueryRow(l.ctx, l.tx, `SELECT day, start_r, start_rd, start_vol, r, rd, vol FROM ratings WHERE account_id = ? AND rules = ? AND format = ?`,
		id, pool.Rules, pool.Format).Scan(&p.Day, &p.Start.R, &p.Start.RD, &p.Start.Vol, &p.Now.R, &p.Now.RD, &p.Now.Vol)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return p, false, nil
	case err != nil:
		return p, false, fmt.Errorf("store: rating of %s: %w", id, err)
	}
	return p, true, nil
}

// Games are the player's rated games of one day in a pool.
func (l ledger) Games(id string, pool rating.Pool, day int64) ([]rating.Game, error) {
	rows, err := l.s.txQuery(l.ctx, l.tx, `SELECT score, opp_r, opp_rd FROM rated_results WHERE account_id = ? AND rules = ? AND format = ? AND day = ? ORDER BY at, table_id`,
		id, pool.Rules, pool.Format, day)
	if err != nil {
		return nil, fmt.Errorf("store: games of %s: %w", id, err)
	}
	defer rows.Close()
	var out []rating.Game
	for rows.Next() {
		var g rating.Game
		if err := rows.Scan(&g.Score, &g.Opponent.R, &g.Opponent.RD); err != nil {
			return nil, fmt.Errorf("store: games of %s: %w", id, err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

func (l ledger) Record(r rating.Result) error {
	p := r.Period
	if _, err := l.s.txExec(l.ctx, l.tx, `INSERT INTO ratings (account_id, rules, format, day, start_r, start_rd, start_vol, r, rd, vol, games)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
		ON CONFLICT (account_id, rules, format) DO UPDATE SET day = excluded.day, start_r = excluded.start_r, start_rd = excluded.start_rd,
		start_vol = excluded.start_vol, r = excluded.r, rd = excluded.rd, vol = excluded.vol, games = ratings.games + 1`,
		r.AccountID, r.Pool.Rules, r.Pool.Format, p.Day, p.Start.R, p.Start.RD, p.Start.Vol, p.Now.R, p.Now.RD, p.Now.Vol); err != nil {
		return fmt.Errorf("store: rating of %s: %w", r.AccountID, err)
	}
	if _, err := l.s.txExec(l.ctx, l.tx, `INSERT INTO rated_results (table_id, account_id, rules, format, day, at, score, opp_r, opp_rd, r_before, r_after, rd_after)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.TableID, r.AccountID, r.Pool.Rules, r.Pool.Format, p.Day, nanos(r.At), r.Game.Score, r.Game.Opponent.R, r.Game.Opponent.RD, r.Before, p.Now.R, p.Now.RD); err != nil {
		return fmt.Errorf("store: result of %s in %s: %w", r.AccountID, r.TableID, err)
	}
	return nil
}

// ratedBetween counts the rated matches of a day in which accounts a and
// b played against each other (their scores differ; partners' do not).
func (s ratingRows) ratedBetween(ctx context.Context, tx *sql.Tx, a, b string, day int64) (int, error) {
	var n int
	err := s.txQueryRow(ctx, tx, `SELECT COUNT(*) FROM rated_results x JOIN rated_results y ON y.table_id = x.table_id
		WHERE x.account_id = ? AND y.account_id = ? AND x.day = ? AND x.score <> y.score`, a, b, day).Scan(&n)
	return n, err
}

// RatedBetween counts the rated matches accounts a and b played against
// each other in a rating period (rating.Day).
func (s ratingRows) RatedBetween(ctx context.Context, a, b string, day int64) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = s.ratedBetween(ctx, tx, a, b, day)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: rated matches between %s and %s: %w", a, b, err)
	}
	return n, nil
}

const ratingCols = `r.account_id, a.name, r.rules, r.format, r.r, r.rd, r.vol, r.games, r.day`

func scanRatings(rows *sql.Rows) ([]rating.Rating, error) {
	defer rows.Close()
	out := []rating.Rating{}
	for rows.Next() {
		var r rating.Rating
		if err := rows.Scan(&r.AccountID, &r.Name, &r.Rules, &r.Format, &r.R, &r.RD, &r.Vol, &r.Games, &r.Day); err != nil {
			return nil, fmt.Errorf("store: ratings: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Ratings are an account's ratings, one per pool it has played in.
func (s ratingRows) Ratings(ctx context.Context, accountID string) ([]rating.Rating, error) {
	rows, err := s.query(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.account_id = ? ORDER BY r.rules, r.format`, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: ratings of %s: %w", accountID, err)
	}
	return scanRatings(rows)
}

// Leaderboard is a pool's ratings, best first, at most limit.
func (s ratingRows) Leaderboard(ctx context.Context, pool rating.Pool, limit int) ([]rating.Rating, error) {
	rows, err := s.query(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.rules = ? AND r.format = ? ORDER BY r.r DESC, a.name_key LIMIT ?`, pool.Rules, pool.Format, limit)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", err)
	}
	return scanRatings(rows)
}

// RatingHistory is an account's rating after each rated match of a pool,
// oldest first.
func (s ratingRows) RatingHistory(ctx context.Context, accountID string, pool rating.Pool) ([]rating.Point, error) {
	rows, err := s.query(ctx, `SELECT table_id, at, r_after, rd_after FROM rated_results
		WHERE account_id = ? AND rules = ? AND format = ? ORDER BY at, table_id`, accountID, pool.Rules, pool.Format)
	if err != nil {
		return nil, fmt.Errorf("store: rating history: %w", err)
	}
	defer rows.Close()
	out := []rating.Point{}
	for rows.Next() {
		var (
			p  rating.Point
			at int64
		)
		if err := rows.Scan(&p.TableID, &at, &p.R, &p.RD); err != nil {
			return nil, fmt.Errorf("store: rating history: %w", err)
		}
		p.At = fromNanos(at)
		out = append(out, p)
	}
	return out, rows.Err()
}
