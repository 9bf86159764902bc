-- +goose Up
-- Quick pairing in a cluster (docs/pairing.md): each pool's waves run at
-- one node, the holder of the pool's lease, which the others reach over
-- the bus. A pool is no table, so its lease is kept apart from theirs.
CREATE TABLE pool_leases (
    pool    TEXT PRIMARY KEY,
    node    TEXT NOT NULL,
    expires BIGINT NOT NULL -- Unix milliseconds, by the database's clock
);

-- +goose Down
DROP TABLE pool_leases;
