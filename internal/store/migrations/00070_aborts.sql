-- +goose Up
-- Fair play (docs/accounts.md): one row per rated match aborted before its
-- first stroke, for the account that left it; the playban counts an
-- account's recent rows.
CREATE TABLE aborts (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    table_id   TEXT NOT NULL,
    at         BIGINT NOT NULL, -- Unix nanoseconds
    PRIMARY KEY (table_id, account_id)
);
CREATE INDEX aborts_account ON aborts (account_id, at);

-- +goose Down
DROP INDEX aborts_account;
DROP TABLE aborts;
