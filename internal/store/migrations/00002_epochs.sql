-- The ownership epoch (fencing number) of each table, and the epoch each
-- action was stored under: a server stores an action only under the
-- table's epoch or a higher one, so an owner that lost a table can never
-- write over the next. A single server uses epoch 0.
-- +goose Up
ALTER TABLE tables ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE actions DROP COLUMN epoch;
ALTER TABLE tables DROP COLUMN epoch;
