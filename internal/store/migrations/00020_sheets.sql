-- Scoresheets of matches played on real boards (internal/umpire): the
-- sheet's configuration, the identity that writes it, and its log of
-- numbered operations; a number is stored once (the key).
-- +goose Up
CREATE TABLE sheets (
    id          TEXT PRIMARY KEY,
    token       TEXT NOT NULL,
    config      TEXT NOT NULL,
    created_at  BIGINT NOT NULL, -- Unix nanoseconds
    finished_at BIGINT,
    result      TEXT
);
CREATE INDEX sheets_by_token ON sheets (token, created_at);

CREATE TABLE sheet_ops (
    sheet_id TEXT NOT NULL REFERENCES sheets (id),
    seq      BIGINT NOT NULL,
    op       TEXT NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (sheet_id, seq)
);

-- +goose Down
DROP TABLE sheet_ops;
DROP TABLE sheets;
