-- +goose Up
-- The rematch of a finished table, set once by whichever node is asked
-- first, so that every node answers the same new table (docs/cluster.md).
ALTER TABLE tables ADD COLUMN rematch TEXT;

-- +goose Down
ALTER TABLE tables DROP COLUMN rematch;
