package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// HoldPool takes for node the lease of a quick-pairing pool, or extends
// it if node holds it already, for ttl (migration 00040); it reports
// whether node holds it now. Another node's lease is taken only once it
// has expired.
func (s leaseRows) HoldPool(ctx context.Context, node, pool string, ttl time.Duration) (bool, error) {
	var holder string
	err := s.leaseDB.QueryRowContext(ctx, s.lq(`INSERT INTO pool_leases (pool, node, expires) VALUES (?, ?, NOW + ?)
		ON CONFLICT (pool) DO UPDATE SET node = excluded.node, expires = excluded.expires
		WHERE pool_leases.expires < NOW OR pool_leases.node = excluded.node
		RETURNING node`), pool, node, ttl.Milliseconds()).Scan(&holder)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("store: hold the lease of pool %s: %w", pool, err)
	}
	return true, nil
}

// ReleasePools lets node's leases of the pools named go at once, all of
// them if none is named, so that another node may take them.
func (s leaseRows) ReleasePools(ctx context.Context, node string, pools ...string) error {
	var err error
	if len(pools) == 0 {
		_, err = s.leaseDB.ExecContext(ctx, s.d.q(`DELETE FROM pool_leases WHERE node = ?`), node)
	}
	for _, p := range pools {
		if err == nil {
			_, err = s.leaseDB.ExecContext(ctx, s.d.q(`DELETE FROM pool_leases WHERE node = ? AND pool = ?`), node, p)
		}
	}
	if err != nil {
		return fmt.Errorf("store: let the pools of %s go: %w", node, err)
	}
	return nil
}
