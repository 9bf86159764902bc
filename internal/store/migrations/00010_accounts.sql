-- +goose Up
-- Accounts, their sessions and the browser tokens whose games are theirs.
-- Ids are text made by the server, times Unix nanoseconds, so that the
-- same statements run on SQLite and PostgreSQL.
CREATE TABLE accounts (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL UNIQUE, -- the name folded to lower case: "Ann" and "ann" are one name
    password   TEXT NOT NULL,        -- argon2id, in the PHC string format
    created_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    id_hash    TEXT PRIMARY KEY, -- SHA-256 of the cookie's value: the database alone opens no session
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    csrf       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE account_tokens (
    token      TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE
);
CREATE INDEX account_tokens_account ON account_tokens (account_id);
CREATE INDEX seats_token ON seats (token);

-- +goose Down
DROP INDEX seats_token;
DROP TABLE account_tokens;
DROP TABLE sessions;
DROP TABLE accounts;
