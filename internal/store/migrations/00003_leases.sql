-- +goose Up
-- A cluster's ownership of the tables (docs/cluster.md): one lease per
-- table with its fencing epoch, and the nodes alive. A single node holds
-- no lease and commits with epoch 0.
CREATE TABLE leases (
    table_id TEXT PRIMARY KEY REFERENCES tables (id),
    node     TEXT NOT NULL,
    epoch    BIGINT NOT NULL,
    expires  BIGINT NOT NULL -- Unix milliseconds, by the database's clock
);
CREATE INDEX leases_node ON leases (node);

CREATE TABLE nodes (
    id      TEXT PRIMARY KEY,
    expires BIGINT NOT NULL -- Unix milliseconds
);

-- +goose Down
DROP TABLE nodes;
DROP TABLE leases;
