package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/profile"
	"github.com/carrom-game/carrom/internal/rating"
)

// nameKey folds a name for uniqueness: "Ann" and "ann" are one account.
func nameKey(name string) string { return account.NameKey(name) }

// CreateAccount stores a new account and makes the games of token (the
// browser it signs up from) its own; a name in use is account.ErrNameTaken,
// a name that reads like another account's (their skeletons are one)
// account.ErrNameConfusable.
func (s accountRows) CreateAccount(ctx context.Context, a account.Account, token string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: create account: %w", err)
	}
	defer tx.Rollback()
	key, skeleton := nameKey(a.Name), account.NameSkeleton(a.Name)
	var other string
	err = s.txQueryRow(ctx, tx, `SELECT name_key FROM accounts WHERE name_key = ? OR name_skeleton = ? LIMIT 1`, key, skeleton).Scan(&other)
	switch {
	case err == nil && other == key:
		return fmt.Errorf("store: account %q: %w", a.Name, account.ErrNameTaken)
	case err == nil:
		return fmt.Errorf("store: account %q reads like %q: %w", a.Name, other, account.ErrNameConfusable)
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("store: create account: %w", err)
	}
	if _, err := s.txExec(ctx, tx, `INSERT INTO accounts (id, name, name_key, name_skeleton, password, created_at, lang) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.Name, key, skeleton, a.Password, nanos(a.Created), a.Lang); err != nil {
		return fmt.Errorf("store: create account: %w", err)
	}
	if _, err := s.linkToken(ctx, tx, token, a.ID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: create account: %w", err)
	}
	return nil
}

// linkToken gives a browser token's games to an account; a token already
// an account's stays with it. It reports whether the token is this
// account's now, by a link that has not ended.
func (s accountRows) linkToken(ctx context.Context, tx *sql.Tx, token, accountID string) (bool, error) {
	if token == "" {
		return false, nil
	}
	if _, err := s.txExec(ctx, tx, `INSERT INTO account_tokens (token, account_id) VALUES (?, ?) ON CONFLICT (token) DO NOTHING`, token, accountID); err != nil {
		return false, fmt.Errorf("store: link a browser to account %s: %w", accountID, err)
	}
	var (
		owner string
		ended sql.NullInt64
	)
	if err := s.txQueryRow(ctx, tx, `SELECT account_id, ended_at FROM account_tokens WHERE token = ?`, token).Scan(&owner, &ended); err != nil {
		return false, fmt.Errorf("store: link a browser to account %s: %w", accountID, err)
	}
	return owner == accountID && !ended.Valid, nil
}

// LinkToken makes the games of a browser's token an account's (at
// sign-in). It reports false, and changes nothing, if the token is or was
// another account's, or its link to this one has ended: the browser is to
// be given a new token.
func (s accountRows) LinkToken(ctx context.Context, token, accountID string) (bool, error) {
	var ok bool
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		ok, err = s.linkToken(ctx, tx, token, accountID)
		return err
	})
	return ok, err
}

// linked is the condition that a seat st of a table t is the account's
// (its ID the query's next argument): held by a token linked to it, at a
// table made before the link ended.
const linked = `st.token IN (SELECT k.token FROM account_tokens k WHERE k.account_id = ? AND (k.ended_at IS NULL OR t.created_at < k.ended_at))`

// The queries of this package's accounts, ratings and challenges, with ?
// placeholders rewritten for the dialect.

func (s *base) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return s.db.QueryRowContext(ctx, s.d.q(query), args...)
}

func (s *base) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, s.d.q(query), args...)
}

func (s *base) txExec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	return tx.ExecContext(ctx, s.d.q(query), args...)
}

func (s *base) txQueryRow(ctx context.Context, tx *sql.Tx, query string, args ...any) *sql.Row {
	return tx.QueryRowContext(ctx, s.d.q(query), args...)
}

func (s *base) txQuery(ctx context.Context, tx *sql.Tx, query string, args ...any) (*sql.Rows, error) {
	return tx.QueryContext(ctx, s.d.q(query), args...)
}

const accountCols = `id, name, password, created_at, lang`

func scanAccount(r scanner) (account.Account, error) {
	var (
		a       account.Account
		created int64
	)
	if err := r.Scan(&a.ID, &a.Name, &a.Password, &created, &a.Lang); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return a, carrom.ErrNotFound
		}
		return a, fmt.Errorf("store: read account: %w", err)
	}
	a.Created = fromNanos(created)
	return a, nil
}

// AccountByName finds an account by its name, in any case.
func (s accountRows) AccountByName(ctx context.Context, name string) (account.Account, error) {
	return scanAccount(s.queryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE name_key = ?`, nameKey(name)))
}

// AccountByID finds an account by its ID.
func (s accountRows) AccountByID(ctx context.Context, id string) (account.Account, error) {
	return scanAccount(s.queryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE id = ?`, id))
}

// AccountByToken finds the account a browser token belongs to, by a link
// that has not ended.
func (s accountRows) AccountByToken(ctx context.Context, token string) (account.Account, error) {
	return scanAccount(s.queryRow(ctx, `SELECT a.id, a.name, a.password, a.created_at, a.lang FROM accounts a
		JOIN account_tokens t ON t.account_id = a.id WHERE t.token = ? AND t.ended_at IS NULL`, token))
}

// AccountBySession finds the account whose session the browser of token
// holds at now: the account it plays as, which its link (AccountByToken)
// does not say once it has signed in as another.
func (s accountRows) AccountBySession(ctx context.Context, token string, now time.Time) (account.Account, error) {
	if token == "" {
		return account.Account{}, carrom.ErrNotFound
	}
	return scanAccount(s.queryRow(ctx, `SELECT a.id, a.name, a.password, a.created_at, a.lang FROM accounts a
		JOIN sessions s ON s.account_id = a.id WHERE s.token = ? AND s.expires_at > ?
		ORDER BY s.created_at DESC LIMIT 1`, token, nanos(now)))
}

// SetPassword replaces an account's password hash.
func (s accountRows) SetPassword(ctx context.Context, accountID, hash string) error {
	res, err := s.exec(ctx, `UPDATE accounts SET password = ? WHERE id = ?`, hash, accountID)
	if err != nil {
		return fmt.Errorf("store: set password: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: set password of %s: %w", accountID, carrom.ErrNotFound)
	}
	return nil
}

// SetLang stores the language an account reads the page in.
func (s accountRows) SetLang(ctx context.Context, accountID, lang string) error {
	res, err := s.exec(ctx, `UPDATE accounts SET lang = ? WHERE id = ?`, lang, accountID)
	if err != nil {
		return fmt.Errorf("store: set language: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: set language of %s: %w", accountID, carrom.ErrNotFound)
	}
	return nil
}

// DeletedName is the name that stands for a deleted account's in the
// seats of the matches it played, and DeletedToken holds them.
const (
	DeletedName  = carrom.DeletedName
	DeletedToken = carrom.DeletedToken
)

// DeleteAccount removes an account and its personal data: its name and
// password, sessions, browser tokens, ratings, rated results and
// challenges; its seats in stored matches keep their moves under
// DeletedName, held by no browser (DeletedToken). It returns those seats,
// with the tokens that held them, for the tables in play to be told.
func (s accountRows) DeleteAccount(ctx context.Context, accountID string) ([]carrom.HeldSeat, error) {
	seats, err := s.deleteAccount(ctx, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: delete account: %w", err)
	}
	return seats, nil
}

func (s accountRows) deleteAccount(ctx context.Context, accountID string) ([]carrom.HeldSeat, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := s.txQuery(ctx, tx, `SELECT st.table_id, st.seat, st.token FROM seats st JOIN tables t ON t.id = st.table_id WHERE `+linked, accountID)
	if err != nil {
		return nil, err
	}
	var seats []carrom.HeldSeat
	for rows.Next() {
		var h carrom.HeldSeat
		if err := rows.Scan(&h.Table, &h.Seat, &h.Token); err != nil {
			rows.Close()
			return nil, err
		}
		seats = append(seats, h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, h := range seats {
		if _, err := s.txExec(ctx, tx, `UPDATE seats SET nickname = ?, token = ? WHERE table_id = ? AND seat = ?`, DeletedName, DeletedToken, h.Table, h.Seat); err != nil {
			return nil, err
		}
	}
	// The cascades of accounts would do the rest where foreign keys are
	// enforced; the explicit deletes do it wherever they are not.
	for _, q := range []string{
		`DELETE FROM sessions WHERE account_id = ?`,
		`DELETE FROM account_tokens WHERE account_id = ?`,
		`DELETE FROM ratings WHERE account_id = ?`,
		`DELETE FROM rated_results WHERE account_id = ?`,
		`DELETE FROM challenges WHERE from_account = ? OR to_account = ?`,
		`DELETE FROM follows WHERE follower = ? OR followed = ?`,
		`DELETE FROM aborts WHERE account_id = ?`,
	} {
		args := []any{accountID}
		if strings.Count(q, "?") == 2 {
			args = append(args, accountID)
		}
		if _, err := s.txExec(ctx, tx, q, args...); err != nil {
			return nil, err
		}
	}
	res, err := s.txExec(ctx, tx, `DELETE FROM accounts WHERE id = ?`, accountID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, fmt.Errorf("%s: %w", accountID, carrom.ErrNotFound)
	}
	return seats, tx.Commit()
}

// CreateSession stores a signed-in browser's session; the browser's
// earlier sessions end, so that it holds one.
func (s accountRows) CreateSession(ctx context.Context, se account.Session) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if se.Token != "" {
			if _, err := s.txExec(ctx, tx, `DELETE FROM sessions WHERE token = ?`, se.Token); err != nil {
				return err
			}
		}
		_, err := s.txExec(ctx, tx, `INSERT INTO sessions (id_hash, account_id, csrf, created_at, expires_at, token) VALUES (?, ?, ?, ?, ?, ?)`,
			se.Hash, se.AccountID, se.CSRF, nanos(se.Created), nanos(se.Expires), se.Token)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// Session returns a session that has not expired at now, with its account.
func (s accountRows) Session(ctx context.Context, hash string, now time.Time) (account.Session, account.Account, error) {
	var (
		se               account.Session
		created, expires int64
	)
	row := s.queryRow(ctx, `SELECT s.id_hash, s.account_id, s.csrf, s.created_at, s.expires_at, a.id, a.name, a.password, a.created_at, a.lang
		FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ? AND s.expires_at > ?`, hash, nanos(now))
	var (
		a        account.Account
		aCreated int64
	)
	if err := row.Scan(&se.Hash, &se.AccountID, &se.CSRF, &created, &expires, &a.ID, &a.Name, &a.Password, &aCreated, &a.Lang); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return se, a, carrom.ErrNotFound
		}
		return se, a, fmt.Errorf("store: read session: %w", err)
	}
	se.Created, se.Expires, a.Created = fromNanos(created), fromNanos(expires), fromNanos(aCreated)
	return se, a, nil
}

// DeleteSession ends one session (sign-out) and, at at, its browser's
// link to the account.
func (s accountRows) DeleteSession(ctx context.Context, hash string, at time.Time) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.txExec(ctx, tx, `UPDATE account_tokens SET ended_at = ? WHERE ended_at IS NULL
			AND token IN (SELECT token FROM sessions WHERE id_hash = ?)`, nanos(at), hash); err != nil {
			return err
		}
		_, err := s.txExec(ctx, tx, `DELETE FROM sessions WHERE id_hash = ?`, hash)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// DeleteOtherSessions ends every session of an account but keep, and at at
// every link to it of a browser but keep's (a new password signs every
// other browser out, and what they play next is no longer the account's).
func (s accountRows) DeleteOtherSessions(ctx context.Context, accountID, keep string, at time.Time) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.txExec(ctx, tx, `UPDATE account_tokens SET ended_at = ? WHERE account_id = ? AND ended_at IS NULL
			AND token NOT IN (SELECT token FROM sessions WHERE id_hash = ?)`, nanos(at), accountID, keep); err != nil {
			return err
		}
		_, err := s.txExec(ctx, tx, `DELETE FROM sessions WHERE account_id = ? AND id_hash <> ?`, accountID, keep)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: delete sessions: %w", err)
	}
	return nil
}

// PlayedMatches lists the tables an account's browsers sat at, newest
// first, with the rating change of the rated ones.
func (s accountRows) PlayedMatches(ctx context.Context, accountID string) ([]profile.PlayedMatch, error) {
	rows, err := s.query(ctx, `SELECT DISTINCT t.id, t.config, t.created_at, t.finished_at, t.result, t.epoch FROM tables t
		JOIN seats st ON st.table_id = t.id WHERE `+linked+` ORDER BY t.created_at DESC, t.id`, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: matches of %s: %w", accountID, err)
	}
	var out []profile.PlayedMatch
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, profile.PlayedMatch{Table: t})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: matches of %s: %w", accountID, err)
	}
	tokens, err := s.tokens(ctx, accountID)
	if err != nil {
		return nil, err
	}
	for i := range out {
		m := &out[i]
		if m.Table.Seats, err = s.seats(ctx, m.Table.ID); err != nil {
			return nil, err
		}
		for _, st := range m.Table.Seats {
			if tokens[st.Token] {
				m.Seats = append(m.Seats, st.Seat)
			}
		}
		var c rating.Change
		err := s.queryRow(ctx, `SELECT r_before, r_after, rd_after FROM rated_results WHERE table_id = ? AND account_id = ?`, m.Table.ID, accountID).Scan(&c.Before, &c.After, &c.RD)
		switch {
		case err == nil:
			c.AccountID = accountID
			m.Change = &c
		case !errors.Is(err, sql.ErrNoRows):
			return nil, fmt.Errorf("store: matches of %s: %w", accountID, err)
		}
	}
	return out, nil
}

// RatedSheets lists an account's rated real-board matches, newest first:
// the rated results kept under a sheet's key (sheet:{id}).
func (s accountRows) RatedSheets(ctx context.Context, accountID string) ([]profile.RatedSheet, error) {
	rows, err := s.query(ctx, `SELECT table_id, at, r_before, r_after, rd_after FROM rated_results
		WHERE account_id = ? AND table_id LIKE 'sheet:%' ORDER BY at DESC, table_id`, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: rated sheets of %s: %w", accountID, err)
	}
	defer rows.Close()
	var out []profile.RatedSheet
	for rows.Next() {
		var (
			rs profile.RatedSheet
			at int64
		)
		if err := rows.Scan(&rs.SheetID, &at, &rs.Change.Before, &rs.Change.After, &rs.Change.RD); err != nil {
			return nil, fmt.Errorf("store: rated sheets of %s: %w", accountID, err)
		}
		rs.SheetID = strings.TrimPrefix(rs.SheetID, "sheet:")
		rs.At, rs.Change.AccountID = fromNanos(at), accountID
		out = append(out, rs)
	}
	return out, rows.Err()
}

func (s accountRows) tokens(ctx context.Context, accountID string) (map[string]bool, error) {
	rows, err := s.query(ctx, `SELECT token FROM account_tokens WHERE account_id = ?`, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: browsers of %s: %w", accountID, err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("store: browsers of %s: %w", accountID, err)
		}
		out[t] = true
	}
	return out, rows.Err()
}

// fillNames gives the accounts made before names had skeletons
// (00030_name_skeletons.sql) theirs, and their key as account.NameKey
// makes it now. Of two old names that read alike (or fold alike), the
// second keeps its name without a skeleton: nobody is renamed, and a new
// name like either is refused through the first.
func (s accountRows) fillNames(ctx context.Context) error {
	rows, err := s.query(ctx, `SELECT id, name FROM accounts WHERE name_skeleton IS NULL`)
	if err != nil {
		return fmt.Errorf("store: names without skeletons: %w", err)
	}
	var old [][2]string
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			return fmt.Errorf("store: names without skeletons: %w", err)
		}
		old = append(old, [2]string{id, name})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: names without skeletons: %w", err)
	}
	for _, a := range old {
		key, skeleton := nameKey(a[1]), account.NameSkeleton(a[1])
		var n int
		if err := s.queryRow(ctx, `SELECT COUNT(*) FROM accounts WHERE id <> ? AND (name_key = ? OR name_skeleton = ?)`, a[0], key, skeleton).Scan(&n); err != nil {
			return fmt.Errorf("store: the skeleton of account %s: %w", a[0], err)
		}
		if n > 0 {
			continue
		}
		if _, err := s.exec(ctx, `UPDATE accounts SET name_key = ?, name_skeleton = ? WHERE id = ? AND name_skeleton IS NULL`, key, skeleton, a[0]); err != nil {
			return fmt.Errorf("store: the skeleton of account %s: %w", a[0], err)
		}
	}
	return nil
}

// NamesByPrefix lists at most limit names of accounts whose name, in any
// case, begins with prefix, in the order of their keys. Deleted accounts
// have no row, hence no name. The prefix is a range of the index of
// name_key: from the prefix's key to the first key past every key that
// begins with it.
func (s accountRows) NamesByPrefix(ctx context.Context, prefix string, limit int) ([]string, error) {
	lo := nameKey(prefix)
	if lo == "" {
		return []string{}, nil
	}
	bo := s.d.byteOrder
	q := `SELECT name FROM accounts WHERE name_key` + bo + ` >= ?`
	args := []any{lo}
	if hi, ok := pastPrefix(lo); ok {
		q += ` AND name_key` + bo + ` < ?`
		args = append(args, hi)
	}
	rows, err := s.query(ctx, q+` ORDER BY name_key`+bo+` LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: names by prefix: %w", err)
	}
	defer rows.Close()
	names := []string{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("store: names by prefix: %w", err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: names by prefix: %w", err)
	}
	return names, nil
}

// pastPrefix is the least string, in code point order, greater than every
// string that begins with p: p with its last code point raised by one,
// over the surrogates (no string holds one), the greatest code points at
// its end dropped first; none if p is all greatest code points.
func pastPrefix(p string) (string, bool) {
	rs := []rune(p)
	for len(rs) > 0 {
		last := rs[len(rs)-1]
		if last < utf8.MaxRune {
			last++
			if last >= 0xD800 && last <= 0xDFFF {
				last = 0xE000
			}
			rs[len(rs)-1] = last
			return string(rs), true
		}
		rs = rs[:len(rs)-1]
	}
	return "", false
}
