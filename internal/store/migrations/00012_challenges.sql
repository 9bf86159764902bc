-- +goose Up
-- A challenge: an account invites another to a table with chosen rules and
-- clock; the table is made when it is accepted.
CREATE TABLE challenges (
    id           TEXT PRIMARY KEY,
    from_account TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    from_token   TEXT NOT NULL, -- the challenger's browser, who gets seat 0
    to_account   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    config       TEXT NOT NULL,
    status       TEXT NOT NULL, -- open, accepted, declined, withdrawn
    table_id     TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX challenges_to ON challenges (to_account, created_at);
CREATE INDEX challenges_from ON challenges (from_account, created_at);

-- +goose Down
DROP TABLE challenges;
