package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// The leases of a cluster's nodes on the tables (migration 00003,
// docs/cluster.md). Each statement is written once; q puts in the
// dialect's placeholders and, for NOW, its time in Unix milliseconds.
func (s *base) lq(stmt string) string {
	return s.d.q(strings.ReplaceAll(stmt, "NOW", s.d.nowMillis()))
}

// Ping checks that the database answers.
func (s leaseRows) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Take gives node the leases of the tables named, each only if it is
// free (expired, or never held) or already node's, for ttl; it returns
// the leases it took, each with an epoch one above the table's last.
func (s leaseRows) Take(ctx context.Context, node string, ttl time.Duration, tables []string) ([]carrom.Lease, error) {
	var out []carrom.Lease
	stmt := s.lq(`INSERT INTO leases (table_id, node, epoch, expires) VALUES (?, ?, 1, NOW + ?)
		ON CONFLICT (table_id) DO UPDATE SET node = excluded.node, epoch = leases.epoch + 1, expires = excluded.expires
		WHERE leases.expires < NOW
		RETURNING epoch`)
	for _, id := range tables {
		var epoch int64
		err := s.leaseDB.QueryRowContext(ctx, stmt, id, node, ttl.Milliseconds()).Scan(&epoch)
		switch {
		case err == sql.ErrNoRows:
			continue // another node holds it
		case err != nil:
			return out, fmt.Errorf("store: take the lease of %s: %w", id, err)
		}
		out = append(out, carrom.Lease{Table: id, Node: node, Epoch: epoch})
	}
	return out, nil
}

// Renew marks node alive and extends every lease it holds by ttl; it
// returns them. A lease node held and that is missing has been taken by
// another node.
func (s leaseRows) Renew(ctx context.Context, node string, ttl time.Duration) ([]carrom.Lease, error) {
	if _, err := s.leaseDB.ExecContext(ctx, s.lq(`INSERT INTO nodes (id, expires) VALUES (?, NOW + ?)
		ON CONFLICT (id) DO UPDATE SET expires = excluded.expires`), node, ttl.Milliseconds()); err != nil {
		return nil, fmt.Errorf("store: renew node %s: %w", node, err)
	}
	rows, err := s.leaseDB.QueryContext(ctx, s.lq(`UPDATE leases SET expires = NOW + ? WHERE node = ? RETURNING table_id, epoch`), ttl.Milliseconds(), node)
	if err != nil {
		return nil, fmt.Errorf("store: renew the leases of %s: %w", node, err)
	}
	defer rows.Close()
	var out []carrom.Lease
	for rows.Next() {
		ls := carrom.Lease{Node: node}
		if err := rows.Scan(&ls.Table, &ls.Epoch); err != nil {
			return nil, fmt.Errorf("store: renew the leases of %s: %w", node, err)
		}
		out = append(out, ls)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: renew the leases of %s: %w", node, err)
	}
	return out, nil
}

// Candidates lists the tables in play that no node holds, and the nodes
// alive, in order of their names.
func (s leaseRows) Candidates(ctx context.Context) ([]carrom.Candidate, []string, error) {
	rows, err := s.leaseDB.QueryContext(ctx, s.lq(`SELECT t.id, l.table_id IS NOT NULL, COALESCE(NOW - l.expires, NOW - t.created_at / 1000000) FROM tables t LEFT JOIN leases l ON l.table_id = t.id
		WHERE t.finished_at IS NULL AND (l.table_id IS NULL OR l.expires < NOW) ORDER BY t.id`))
	if err != nil {
		return nil, nil, fmt.Errorf("store: tables without an owner: %w", err)
	}
	var out []carrom.Candidate
	for rows.Next() {
		var (
			c  carrom.Candidate
			ms int64
		)
		if err := rows.Scan(&c.Table, &c.Held, &ms); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("store: tables without an owner: %w", err)
		}
		c.Stale = time.Duration(ms) * time.Millisecond
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: tables without an owner: %w", err)
	}
	nrows, err := s.leaseDB.QueryContext(ctx, s.lq(`SELECT id FROM nodes WHERE expires >= NOW ORDER BY id`))
	if err != nil {
		return nil, nil, fmt.Errorf("store: nodes alive: %w", err)
	}
	defer nrows.Close()
	var nodes []string
	for nrows.Next() {
		var id string
		if err := nrows.Scan(&id); err != nil {
			return nil, nil, fmt.Errorf("store: nodes alive: %w", err)
		}
		nodes = append(nodes, id)
	}
	return out, nodes, nrows.Err()
}

// Release lets the leases of the tables named go at once, if node holds
// them, so that another node may take them without waiting for them to
// expire; with leave, node lets all its leases go and stops counting as
// alive.
func (s leaseRows) Release(ctx context.Context, node string, tables []string, leave bool) error {
	if leave {
		// A node leaving lets all its leases go, in one statement.
		tables = nil
		if _, err := s.leaseDB.ExecContext(ctx, s.lq(`UPDATE leases SET expires = 0 WHERE node = ?`), node); err != nil {
			return fmt.Errorf("store: release the leases of %s: %w", node, err)
		}
	}
	stmt := s.lq(`UPDATE leases SET expires = 0 WHERE node = ? AND table_id = ?`)
	for _, id := range tables {
		if _, err := s.leaseDB.ExecContext(ctx, stmt, node, id); err != nil {
			return fmt.Errorf("store: release the lease of %s: %w", id, err)
		}
	}
	if leave {
		if _, err := s.leaseDB.ExecContext(ctx, s.lq(`DELETE FROM nodes WHERE id = ?`), node); err != nil {
			return fmt.Errorf("store: node %s leaving: %w", node, err)
		}
	}
	return nil
}
