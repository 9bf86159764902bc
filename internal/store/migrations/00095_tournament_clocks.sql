-- A tournament's round countdown (internal/tournament, docs/tournaments.md):
-- when the organiser started the clock of a round, its length and its
-- warning, so that every node and every reload shows the same time left.
-- +goose Up
CREATE TABLE tournament_clocks (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_no      INTEGER NOT NULL,
    started_at    BIGINT NOT NULL, -- Unix nanoseconds
    minutes       INTEGER NOT NULL,
    warning       INTEGER NOT NULL, -- minutes before the end
    PRIMARY KEY (tournament_id, round_no)
);

-- +goose Down
DROP TABLE tournament_clocks;
