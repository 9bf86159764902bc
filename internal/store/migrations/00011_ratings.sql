-- +goose Up
-- Glicko-2 ratings, one per account and pool (rule set and singles or
-- doubles). A rating period is a day (UTC, days since 1970): start_* is
-- the rating at the start of the period of the last games, r/rd/vol the
-- rating after them.
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    rules      TEXT NOT NULL,
    format     TEXT NOT NULL, -- singles or doubles
    day        BIGINT NOT NULL,
    start_r    DOUBLE PRECISION NOT NULL,
    start_rd   DOUBLE PRECISION NOT NULL,
    start_vol  DOUBLE PRECISION NOT NULL,
    r          DOUBLE PRECISION NOT NULL,
    rd         DOUBLE PRECISION NOT NULL,
    vol        DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    PRIMARY KEY (account_id, rules, format)
);
CREATE INDEX ratings_board ON ratings (rules, format, r);

-- One row per rated match and player: the score, the opponents as rated
-- at the start of the period (a team's mean), and the rating before and
-- after.
CREATE TABLE rated_results (
    table_id   TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    rules      TEXT NOT NULL,
    format     TEXT NOT NULL,
    day        BIGINT NOT NULL,
    at         BIGINT NOT NULL,
    score      DOUBLE PRECISION NOT NULL,
    opp_r      DOUBLE PRECISION NOT NULL,
    opp_rd     DOUBLE PRECISION NOT NULL,
    r_before   DOUBLE PRECISION NOT NULL,
    r_after    DOUBLE PRECISION NOT NULL,
    rd_after   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, account_id)
);
CREATE INDEX rated_results_period ON rated_results (account_id, rules, format, day);

-- +goose Down
DROP TABLE rated_results;
DROP TABLE ratings;
