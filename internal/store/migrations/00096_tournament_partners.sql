-- Doubles (internal/tournament, docs/tournaments.md): an entrant of a
-- tournament of pairs is its first player (tournament_players) and this
-- partner, an account's or a guest's.
-- +goose Up
CREATE TABLE tournament_partners (
    tournament_id TEXT NOT NULL,
    num           INTEGER NOT NULL,
    account_id    TEXT REFERENCES accounts (id) ON DELETE SET NULL,
    name          TEXT NOT NULL,
    PRIMARY KEY (tournament_id, num),
    FOREIGN KEY (tournament_id, num) REFERENCES tournament_players (tournament_id, num) ON DELETE CASCADE
);

-- +goose Down
DROP TABLE tournament_partners;
