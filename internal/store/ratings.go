package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/rating"
)

// Day is the rating period of an instant: the UTC day, counted from 1970.
func Day(at int64) int64 { return at / (86400 * 1e9) }

// RateMatch rates a finished match by Glicko-2 with a rating period per
// day, in one transaction: each player's rating for the day is computed
// again from the day's start with every game of the day, against the
// opponents as rated at the day's start (a side of two as their mean,
// rating.Team). A match rated already changes nothing and returns no
// changes.
func (s *DB) RateMatch(ctx context.Context, m carrom.RatedMatch) ([]carrom.RatingChange, error) {
	if len(m.Sides[0]) == 0 || len(m.Sides[0]) != len(m.Sides[1]) || len(m.Sides[0]) > 2 || (m.Winner != 0 && m.Winner != 1) {
		return nil, fmt.Errorf("store: rate match %s: sides of %d and %d, winner %d: want 1 or 2 a side and winner 0 or 1",
			m.TableID, len(m.Sides[0]), len(m.Sides[1]), m.Winner)
	}
	// Two ratings at once of one player must not both start from his
	// old rating: PostgreSQL runs this serializable (and refuses the
	// later of two that conflict); SQLite has one writer at a time.
	var opts *sql.TxOptions
	if s.d == postgres {
		opts = &sql.TxOptions{Isolation: sql.LevelSerializable}
	}
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("store: rate match %s: %w", m.TableID, err)
	}
	defer tx.Rollback()
	var n int
	if err := s.txQueryRow(ctx, tx, `SELECT COUNT(*) FROM rated_results WHERE table_id = ?`, m.TableID).Scan(&n); err != nil {
		return nil, fmt.Errorf("store: rate match %s: %w", m.TableID, err)
	}
	if n > 0 {
		return nil, nil
	}
	pool, day, at := m.Pool(), Day(nanos(m.At)), nanos(m.At)
	if m.PerPair > 0 {
		for _, a := range m.Sides[0] {
			for _, b := range m.Sides[1] {
				n, err := s.ratedBetween(ctx, tx, a, b, day)
				if err != nil {
					return nil, fmt.Errorf("store: rate match %s: %w", m.TableID, err)
				}
				if n >= m.PerPair {
					return nil, fmt.Errorf("store: rate match %s: %d rated matches today: %w", m.TableID, n, carrom.ErrRatingCap)
				}
			}
		}
	}
	type player struct {
		id     string
		known  bool
		period rating.Period
		start  rating.Player
	}
	var sides [2][]player
	for side, ids := range m.Sides {
		for _, id := range ids {
			p := player{id: id}
			var games int
			err := s.txQueryRow(ctx, tx, `SELECT day, start_r, start_rd, start_vol, r, rd, vol, games FROM ratings WHERE account_id = ? AND rules = ? AND format = ?`,
				id, pool.Rules, pool.Format).Scan(&p.period.Day, &p.period.Start.R, &p.period.Start.RD, &p.period.Start.Vol, &p.period.Now.R, &p.period.Now.RD, &p.period.Now.Vol, &games)
			switch {
			case err == nil:
				p.known, p.start = true, p.period.StartOf(day)
			case errors.Is(err, sql.ErrNoRows):
				p.start = rating.New()
			default:
				return nil, fmt.Errorf("store: rate match %s: %w", m.TableID, err)
			}
			sides[side] = append(sides[side], p)
		}
	}
	var changes []carrom.RatingChange
	for side := range sides {
		var opps []rating.Player
		for _, o := range sides[1-side] {
			opps = append(opps, o.start)
		}
		opp := rating.Team(opps)
		score := 0.0
		if side == m.Winner {
			score = 1
		}
		for _, p := range sides[side] {
			games, err := s.periodGames(ctx, tx, p.id, pool, day)
			if err != nil {
				return nil, err
			}
			games = append(games, rating.Game{Opponent: opp, Score: score})
			now, err := p.start.Update(games, rating.Tau)
			if err != nil {
				return nil, fmt.Errorf("store: rate match %s: %w", m.TableID, err)
			}
			before := p.period.Now.R
			if !p.known {
				before = rating.InitialR
			}
			if _, err := s.txExec(ctx, tx, `INSERT INTO ratings (account_id, rules, format, day, start_r, start_rd, start_vol, r, rd, vol, games)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
				ON CONFLICT (account_id, rules, format) DO UPDATE SET day = excluded.day, start_r = excluded.start_r, start_rd = excluded.start_rd,
				start_vol = excluded.start_vol, r = excluded.r, rd = excluded.rd, vol = excluded.vol, games = ratings.games + 1`,
				p.id, pool.Rules, pool.Format, day, p.start.R, p.start.RD, p.start.Vol, now.R, now.RD, now.Vol); err != nil {
				return nil, fmt.Errorf("store: rate match %s: %w", m.TableID, err)
			}
			if _, err := s.txExec(ctx, tx, `INSERT INTO rated_results (table_id, account_id, rules, format, day, at, score, opp_r, opp_rd, r_before, r_after, rd_after)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				m.TableID, p.id, pool.Rules, pool.Format, day, at, score, opp.R, opp.RD, before, now.R, now.RD); err != nil {
				return nil, fmt.Errorf("store: rate match %s: %w", m.TableID, err)
			}
			changes = append(changes, carrom.RatingChange{AccountID: p.id, Before: before, After: now.R, RD: now.RD})
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: rate match %s: %w", m.TableID, err)
	}
	return changes, nil
}

// ratedBetween counts the rated matches of a day in which accounts a and
// b played against each other (their scores differ; partners' do not).
func (s *DB) ratedBetween(ctx context.Context, tx *sql.Tx, a, b string, day int64) (int, error) {
	var n int
	err := s.txQueryRow(ctx, tx, `SELECT COUNT(*) FROM rated_results x JOIN rated_results y ON y.table_id = x.table_id
		WHERE x.account_id = ? AND y.account_id = ? AND x.day = ? AND x.score <> y.score`, a, b, day).Scan(&n)
	return n, err
}

// RatedBetween counts the rated matches accounts a and b played against
// each other in the rating period (UTC day) of at.
func (s *DB) RatedBetween(ctx context.Context, a, b string, at time.Time) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = s.ratedBetween(ctx, tx, a, b, Day(nanos(at)))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: rated matches between %s and %s: %w", a, b, err)
	}
	return n, nil
}

// periodGames are a player's rated games of one day, against the
// opponents as rated at the day's start.
func (s *DB) periodGames(ctx context.Context, tx *sql.Tx, id string, pool carrom.Pool, day int64) ([]rating.Game, error) {
	rows, err := s.txQuery(ctx, tx, `SELECT score, opp_r, opp_rd FROM rated_results WHERE account_id = ? AND rules = ? AND format = ? AND day = ? ORDER BY at, table_id`,
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

const ratingCols = `r.account_id, a.name, r.rules, r.format, r.r, r.rd, r.vol, r.games, r.day`

func scanRatings(rows *sql.Rows) ([]carrom.Rating, error) {
	defer rows.Close()
	out := []carrom.Rating{}
	for rows.Next() {
		var r carrom.Rating
		if err := rows.Scan(&r.AccountID, &r.Name, &r.Rules, &r.Format, &r.R, &r.RD, &r.Vol, &r.Games, &r.Day); err != nil {
			return nil, fmt.Errorf("store: ratings: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Ratings are an account's ratings, one per pool it has played in.
func (s *DB) Ratings(ctx context.Context, accountID string) ([]carrom.Rating, error) {
	rows, err := s.query(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.account_id = ? ORDER BY r.rules, r.format`, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: ratings of %s: %w", accountID, err)
	}
	return scanRatings(rows)
}

// Leaderboard is a pool's ratings, best first, at most limit.
func (s *DB) Leaderboard(ctx context.Context, pool carrom.Pool, limit int) ([]carrom.Rating, error) {
	rows, err := s.query(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.rules = ? AND r.format = ? ORDER BY r.r DESC, a.name_key LIMIT ?`, pool.Rules, pool.Format, limit)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", err)
	}
	return scanRatings(rows)
}

// RatingHistory is an account's rating after each rated match of a pool,
// oldest first.
func (s *DB) RatingHistory(ctx context.Context, accountID string, pool carrom.Pool) ([]carrom.RatingPoint, error) {
	rows, err := s.query(ctx, `SELECT table_id, at, r_after, rd_after FROM rated_results
		WHERE account_id = ? AND rules = ? AND format = ? ORDER BY at, table_id`, accountID, pool.Rules, pool.Format)
	if err != nil {
		return nil, fmt.Errorf("store: rating history: %w", err)
	}
	defer rows.Close()
	out := []carrom.RatingPoint{}
	for rows.Next() {
		var (
			p  carrom.RatingPoint
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
