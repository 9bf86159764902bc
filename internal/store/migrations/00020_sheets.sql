-- +goose Up
-- Scoresheets of matches played on real boards (internal/umpire): the
-- sheet's configuration, who may write it, and its log of numbered
-- operations; a number stored twice is refused by the key.
CREATE TABLE sheets (
    id          TEXT PRIMARY KEY,
    token       TEXT NOT NULL, -- the identity of the browser that opened it
    config      TEXT NOT NULL,
    created_at  INTEGER NOT NULL, -- Unix nanoseconds
    finished_at INTEGER,
    result      TEXT
);
CREATE INDEX sheets_by_token ON sheets (token, created_at);

CREATE TABLE sheet_ops (
    sheet_id TEXT NOT NULL REFERENCES sheets (id),
    seq      INTEGER NOT NULL,
    op       TEXT NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (sheet_id, seq)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE sheet_ops;
DROP TABLE sheets;
