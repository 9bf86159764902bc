package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/internal/carrom"
)

const tournamentCols = `id, organiser, name, held_on, place, rules, singles, pairing_system, method, rounds, win_points, draw_points, loss_points, phantom_score, seed, created_at, match_format, delay_top, avoid_compatriots, avoid_clubmates`

// CreateTournament stores a new tournament, unless its organiser has max
// already (carrom.ErrLimit).
func (s tournamentRows) CreateTournament(ctx context.Context, t carrom.Tournament, max int) error {
	res, err := s.exec(ctx, insertTournament, tournamentArgs(t, max)...)
	return created(res, err, max)
}

// insertTournament stores a tournament unless its organiser keeps max.
const insertTournament = `INSERT INTO tournaments (` + tournamentCols + `)
	SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM tournaments WHERE organiser = ?) < ?`

func tournamentArgs(t carrom.Tournament, max int) []any {
	return []any{t.ID, t.Organiser, t.Name, t.Date, t.Place, t.Rules, boolInt(t.Singles), t.System, t.Method, t.Rounds, t.Win, t.Draw, t.Loss, t.Phantom, int64(t.Seed), nanos(t.Created), format(t.Format), t.DelayTop, t.AvoidCompatriots, t.AvoidClubmates,
		t.Organiser, max}
}

// created is the error of insertTournament: carrom.ErrLimit if it stored
// nothing.
func created(res sql.Result, err error, max int) error {
	if err != nil {
		return fmt.Errorf("store: create tournament: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: %d tournaments: %w", max, carrom.ErrLimit)
	}
	return nil
}

// ImportTournament stores a whole tournament in one step, as
// CreateTournament, its guests numbered from 1 in order, the partners of
// its pairs (guests, by their entrant's number), its rounds and how it
// finishes (nil: as one never set), or nothing.
func (s tournamentRows) ImportTournament(ctx context.Context, t carrom.Tournament, players []carrom.TournamentPlayer, partners []carrom.TournamentPartner, rounds [][]carrom.TournamentMatch, fin *carrom.TournamentFinals, max int) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := s.txExec(ctx, tx, insertTournament, tournamentArgs(t, max)...)
		if err := created(res, err, max); err != nil {
			return err
		}
		for i, p := range players {
			if _, err := s.txExec(ctx, tx, `INSERT INTO tournament_players (tournament_id, num, account_id, name, club, country, rating, withdrawn, entered)
				VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)`, t.ID, i+1, p.Name, p.Club, p.Country, p.Rating, boolInt(p.Withdrawn), p.Entered); err != nil {
				return fmt.Errorf("store: import player %d into %s: %w", i+1, t.ID, err)
			}
		}
		for _, p := range partners {
			if _, err := s.txExec(ctx, tx, `INSERT INTO tournament_partners (tournament_id, num, account_id, name) VALUES (?, ?, NULL, ?)`, t.ID, p.Num, p.Name); err != nil {
				return fmt.Errorf("store: import the partner of entrant %d into %s: %w", p.Num, t.ID, err)
			}
		}
		for r, ms := range rounds {
			for _, m := range ms {
				if _, err := s.txExec(ctx, tx, insertMatch, t.ID, r+1, m.Board, m.A, m.B, m.Score[0], m.Score[1], m.Source); err != nil {
					return fmt.Errorf("store: import round %d into %s: %w", r+1, t.ID, err)
				}
			}
		}
		if fin != nil {
			if _, err := s.txExec(ctx, tx, insertFinals, t.ID, fin.Places, fin.BestOf, fin.Prizes); err != nil {
				return fmt.Errorf("store: import the finals of %s: %w", t.ID, err)
			}
		}
		return nil
	})
}

// format is a tournament's match format as stored: "laws" unless told.
func format(f string) string {
	if f == "" {
		return "laws"
	}
	return f
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func scanTournament(r scanner) (carrom.Tournament, error) {
	var (
		t             carrom.Tournament
		singles       int
		seed, created int64
	)
	if err := r.Scan(&t.ID, &t.Organiser, &t.Name, &t.Date, &t.Place, &t.Rules, &singles, &t.System, &t.Method, &t.Rounds, &t.Win, &t.Draw, &t.Loss, &t.Phantom, &seed, &created, &t.Format, &t.DelayTop, &t.AvoidCompatriots, &t.AvoidClubmates); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return t, carrom.ErrNotFound
		}
		return t, fmt.Errorf("store: read tournament: %w", err)
	}
	t.Singles, t.Seed, t.Created = singles != 0, uint64(seed), fromNanos(created)
	return t, nil
}

// Tournament returns one tournament.
func (s tournamentRows) Tournament(ctx context.Context, id string) (carrom.Tournament, error) {
	return scanTournament(s.queryRow(ctx, `SELECT `+tournamentCols+` FROM tournaments WHERE id = ?`, id))
}

// Tournaments lists an organiser's tournaments, newest first.
func (s tournamentRows) Tournaments(ctx context.Context, organiser string) ([]carrom.Tournament, error) {
	rows, err := s.query(ctx, `SELECT `+tournamentCols+` FROM tournaments WHERE organiser = ? ORDER BY created_at DESC, id`, organiser)
	if err != nil {
		return nil, fmt.Errorf("store: tournaments of %s: %w", organiser, err)
	}
	defer rows.Close()
	out := []carrom.Tournament{}
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// AddTournamentPlayer enters a player, numbered after the last, unless the
// tournament has max already (carrom.ErrLimit); it returns the number.
func (s tournamentRows) AddTournamentPlayer(ctx context.Context, p carrom.TournamentPlayer, max int) (int, error) {
	var acct any
	if p.Account != "" {
		acct = p.Account
	}
	var num int
	err := s.queryRow(ctx, `INSERT INTO tournament_players (tournament_id, num, account_id, name, club, country, rating, withdrawn, entered)
		SELECT ?, COALESCE(MAX(num), 0) + 1, ?, ?, ?, ?, ?, 0, ? FROM tournament_players WHERE tournament_id = ? HAVING COUNT(*) < ?
		RETURNING num`,
		p.Tournament, acct, p.Name, p.Club, p.Country, p.Rating, p.Entered, p.Tournament, max).Scan(&num)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("store: %d players: %w", max, carrom.ErrLimit)
	}
	if err != nil {
		return 0, fmt.Errorf("store: enter a player in %s: %w", p.Tournament, err)
	}
	return num, nil
}

// TournamentPlayers lists a tournament's entrants by number.
func (s tournamentRows) TournamentPlayers(ctx context.Context, id string) ([]carrom.TournamentPlayer, error) {
	rows, err := s.query(ctx, `SELECT num, account_id, name, club, country, rating, withdrawn, entered FROM tournament_players WHERE tournament_id = ? ORDER BY num`, id)
	if err != nil {
		return nil, fmt.Errorf("store: players of %s: %w", id, err)
	}
	defer rows.Close()
	out := []carrom.TournamentPlayer{}
	for rows.Next() {
		p := carrom.TournamentPlayer{Tournament: id}
		var (
			acct      sql.NullString
			withdrawn int
		)
		if err := rows.Scan(&p.Num, &acct, &p.Name, &p.Club, &p.Country, &p.Rating, &withdrawn, &p.Entered); err != nil {
			return nil, fmt.Errorf("store: players of %s: %w", id, err)
		}
		p.Account, p.Withdrawn = acct.String, withdrawn != 0
		out = append(out, p)
	}
	return out, rows.Err()
}

// SetTournamentWithdrawn withdraws a player (or takes the withdrawal
// back).
func (s tournamentRows) SetTournamentWithdrawn(ctx context.Context, id string, num int, withdrawn bool) error {
	res, err := s.exec(ctx, `UPDATE tournament_players SET withdrawn = ? WHERE tournament_id = ? AND num = ?`, boolInt(withdrawn), id, num)
	if err != nil {
		return fmt.Errorf("store: withdraw %d from %s: %w", num, id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: player %d of %s: %w", num, id, carrom.ErrNotFound)
	}
	return nil
}

const matchCols = `tournament_id, round_no, board, player_a, player_b, score_a, score_b, source, table_id, sheet_id`

const insertMatch = `INSERT INTO tournament_matches (` + matchCols + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`

func scanMatch(r scanner) (carrom.TournamentMatch, error) {
	var (
		m            carrom.TournamentMatch
		table, sheet sql.NullString
	)
	if err := r.Scan(&m.Tournament, &m.Round, &m.Board, &m.A, &m.B, &m.Score[0], &m.Score[1], &m.Source, &table, &sheet); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return m, carrom.ErrNotFound
		}
		return m, fmt.Errorf("store: read tournament match: %w", err)
	}
	m.Table, m.Sheet = table.String, sheet.String
	return m, nil
}

// TournamentMatches lists a tournament's matches by round and board.
func (s tournamentRows) TournamentMatches(ctx context.Context, id string) ([]carrom.TournamentMatch, error) {
	rows, err := s.query(ctx, `SELECT `+matchCols+` FROM tournament_matches WHERE tournament_id = ? ORDER BY round_no, board`, id)
	if err != nil {
		return nil, fmt.Errorf("store: matches of %s: %w", id, err)
	}
	defer rows.Close()
	out := []carrom.TournamentMatch{}
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// AddTournamentRound stores the matches of round number round, which must
// follow the last one stored (carrom.ErrDuplicate if another request has
// stored it meanwhile).
func (s tournamentRows) AddTournamentRound(ctx context.Context, id string, round int, ms []carrom.TournamentMatch) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var last int
		if err := s.txQueryRow(ctx, tx, `SELECT COALESCE(MAX(round_no), 0) FROM tournament_matches WHERE tournament_id = ?`, id).Scan(&last); err != nil {
			return err
		}
		if last != round-1 {
			return carrom.ErrDuplicate
		}
		for _, m := range ms {
			if _, err := s.txExec(ctx, tx, insertMatch, id, round, m.Board, m.A, m.B, m.Score[0], m.Score[1], m.Source); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: round %d of %s: %w", round, id, err)
	}
	return nil
}

// SetTournamentPairings changes the players of matches not yet begun (no
// result, no table) and logs it, in one step; a match begun meanwhile is
// carrom.ErrNotFound and changes nothing.
func (s tournamentRows) SetTournamentPairings(ctx context.Context, id string, ms []carrom.TournamentMatch, entry carrom.TournamentLog) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		for _, m := range ms {
			res, err := s.txExec(ctx, tx, `UPDATE tournament_matches SET player_a = ?, player_b = ?, score_a = ?, score_b = ?, source = ?
				WHERE tournament_id = ? AND round_no = ? AND board = ? AND table_id IS NULL AND sheet_id IS NULL AND source IN ('', 'phantom')`,
				m.A, m.B, m.Score[0], m.Score[1], m.Source, id, m.Round, m.Board)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return fmt.Errorf("round %d board %d: %w", m.Round, m.Board, carrom.ErrNotFound)
			}
		}
		return s.txLog(ctx, tx, id, entry)
	})
	if err != nil {
		return fmt.Errorf("store: pairings of %s: %w", id, err)
	}
	return nil
}

// txLog appends a line to a tournament's log.
func (s tournamentRows) txLog(ctx context.Context, tx *sql.Tx, id string, e carrom.TournamentLog) error {
	_, err := s.txExec(ctx, tx, `INSERT INTO tournament_log (tournament_id, seq, round_no, entry, at)
		SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ? FROM tournament_log WHERE tournament_id = ?`, id, e.Round, e.Text, nanos(e.At), id)
	return err
}

// SetTournamentResult stores the result of match m (its Score and Source),
// with a line in the log if entry is not nil. With unplayed, only a match
// without a result takes it (a result that comes by itself never
// overwrites one typed); a match that does not take it is
// carrom.ErrNotFound.
func (s tournamentRows) SetTournamentResult(ctx context.Context, m carrom.TournamentMatch, unplayed bool, entry *carrom.TournamentLog) error {
	cond := ""
	if unplayed {
		cond = ` AND source = ''`
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := s.txExec(ctx, tx, `UPDATE tournament_matches SET score_a = ?, score_b = ?, source = ? WHERE tournament_id = ? AND round_no = ? AND board = ?`+cond,
			m.Score[0], m.Score[1], m.Source, m.Tournament, m.Round, m.Board)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return carrom.ErrNotFound
		}
		if entry != nil {
			return s.txLog(ctx, tx, m.Tournament, *entry)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: result of %s round %d board %d: %w", m.Tournament, m.Round, m.Board, err)
	}
	return nil
}

// SetTournamentPlace gives a match without a result, a table or a sheet
// its online table (column "table_id") or its umpire's scoresheet
// ("sheet_id"); one that has any is carrom.ErrNotFound.
func (s tournamentRows) SetTournamentPlace(ctx context.Context, id string, round, board int, column, place string) error {
	if column != "table_id" && column != "sheet_id" {
		return fmt.Errorf("store: a match is played at a table_id or a sheet_id, not a %s", column)
	}
	res, err := s.exec(ctx, `UPDATE tournament_matches SET `+column+` = ? WHERE tournament_id = ? AND round_no = ? AND board = ? AND table_id IS NULL AND sheet_id IS NULL AND source = ''`,
		place, id, round, board)
	if err != nil {
		return fmt.Errorf("store: %s of %s round %d board %d: %w", column, id, round, board, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: unplayed match %s round %d board %d: %w", id, round, board, carrom.ErrNotFound)
	}
	return nil
}

// TournamentMatchAt is the match played at an online table (column
// "table_id") or on an umpire's scoresheet ("sheet_id").
func (s tournamentRows) TournamentMatchAt(ctx context.Context, column, place string) (carrom.TournamentMatch, error) {
	if column != "table_id" && column != "sheet_id" {
		return carrom.TournamentMatch{}, fmt.Errorf("store: a match is played at a table_id or a sheet_id, not a %s", column)
	}
	return scanMatch(s.queryRow(ctx, `SELECT `+matchCols+` FROM tournament_matches WHERE `+column+` = ?`, place))
}

// TournamentLog is a tournament's log, oldest first.
func (s tournamentRows) TournamentLog(ctx context.Context, id string) ([]carrom.TournamentLog, error) {
	rows, err := s.query(ctx, `SELECT round_no, entry, at FROM tournament_log WHERE tournament_id = ? ORDER BY seq`, id)
	if err != nil {
		return nil, fmt.Errorf("store: log of %s: %w", id, err)
	}
	defer rows.Close()
	out := []carrom.TournamentLog{}
	for rows.Next() {
		var (
			e  carrom.TournamentLog
			at int64
		)
		if err := rows.Scan(&e.Round, &e.Text, &at); err != nil {
			return nil, fmt.Errorf("store: log of %s: %w", id, err)
		}
		e.At = fromNanos(at)
		out = append(out, e)
	}
	return out, rows.Err()
}
