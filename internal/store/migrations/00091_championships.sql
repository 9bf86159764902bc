-- +goose Up
-- Championships (internal/tournament, championship.go): an organiser's
-- tournaments grouped under one prize method, each player's skip_worst
-- worst results left out of the sum. They go with their organiser; a
-- tournament deleted leaves the championships it was in.
CREATE TABLE championships (
    id         TEXT PRIMARY KEY,
    organiser  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    prizes     TEXT NOT NULL,
    skip_worst INTEGER NOT NULL,
    created_at BIGINT NOT NULL -- Unix nanoseconds
);
CREATE INDEX championships_by_organiser ON championships (organiser, created_at);

CREATE TABLE championship_tournaments (
    championship_id TEXT NOT NULL REFERENCES championships (id) ON DELETE CASCADE,
    tournament_id   TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    position        INTEGER NOT NULL, -- the order they were added, from 1
    PRIMARY KEY (championship_id, tournament_id)
);

-- +goose Down
DROP TABLE championship_tournaments;
DROP INDEX championships_by_organiser;
DROP TABLE championships;
