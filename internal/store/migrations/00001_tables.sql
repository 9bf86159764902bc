-- +goose Up
CREATE TABLE tables (
    id          TEXT PRIMARY KEY,
    config      TEXT NOT NULL,
    created_at  INTEGER NOT NULL, -- Unix nanoseconds
    finished_at INTEGER,
    result      TEXT
);
CREATE INDEX tables_unfinished ON tables (finished_at, created_at);

CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq      INTEGER NOT NULL,
    action   TEXT NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat     INTEGER NOT NULL,
    token    TEXT NOT NULL,
    nickname TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE seats;
DROP TABLE actions;
DROP TABLE tables;
