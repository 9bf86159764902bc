-- +goose Up
-- Friends (docs/accounts.md): an account follows others. Both ends go with
-- their account; followed is indexed for the followers told when a player
-- comes online.
CREATE TABLE follows (
    follower   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    followed   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL, -- Unix nanoseconds
    PRIMARY KEY (follower, followed)
);
CREATE INDEX follows_followed ON follows (followed);

-- +goose Down
DROP INDEX follows_followed;
DROP TABLE follows;
