-- Tournaments (internal/tournament): the event, its entrants, the
-- matches of its rounds on their boards, and the log of what its
-- organiser changed by hand. A deleted organiser's tournaments go with the
-- account; a deleted player's entry stays, as a guest's.
-- +goose Up
CREATE TABLE tournaments (
    id             TEXT PRIMARY KEY,
    organiser      TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    held_on        TEXT NOT NULL, -- YYYY-MM-DD
    place          TEXT NOT NULL,
    rules          TEXT NOT NULL,
    singles        INTEGER NOT NULL,
    pairing_system TEXT NOT NULL,
    method         TEXT NOT NULL,
    rounds         INTEGER NOT NULL,
    win_points     INTEGER NOT NULL,
    draw_points    INTEGER NOT NULL,
    loss_points    INTEGER NOT NULL,
    phantom_score  INTEGER NOT NULL,
    seed           BIGINT NOT NULL, -- the uint64's bits
    created_at     BIGINT NOT NULL
);
CREATE INDEX tournaments_by_organiser ON tournaments (organiser, created_at);

CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    num           INTEGER NOT NULL,
    account_id    TEXT REFERENCES accounts (id) ON DELETE SET NULL,
    name          TEXT NOT NULL,
    club          TEXT NOT NULL,
    country       TEXT NOT NULL,
    rating        INTEGER NOT NULL,
    withdrawn     INTEGER NOT NULL,
    entered       INTEGER NOT NULL, -- rounds paired when the player entered
    PRIMARY KEY (tournament_id, num)
);

CREATE TABLE tournament_matches (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_no      INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    player_a      INTEGER NOT NULL,
    player_b      INTEGER NOT NULL, -- 0: the phantom, or a bye
    score_a       INTEGER NOT NULL,
    score_b       INTEGER NOT NULL,
    source        TEXT NOT NULL, -- '' until played; phantom, online, sheet, hand
    table_id      TEXT, -- its online table, if any
    sheet_id      TEXT, -- its umpire's scoresheet on a real board, if any
    PRIMARY KEY (tournament_id, round_no, board)
);
CREATE INDEX tournament_matches_by_table ON tournament_matches (table_id);
CREATE INDEX tournament_matches_by_sheet ON tournament_matches (sheet_id);

CREATE TABLE tournament_log (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    round_no      INTEGER NOT NULL,
    entry         TEXT NOT NULL,
    at            BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);

-- +goose Down
DROP TABLE tournament_log;
DROP TABLE tournament_matches;
DROP TABLE tournament_players;
DROP TABLE tournaments;
