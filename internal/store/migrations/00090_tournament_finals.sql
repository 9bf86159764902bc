-- +goose Up
-- How a tournament finishes (internal/tournament, finals.go): the finals
-- after its Swiss (places 0 for none, 2 for 1st v 2nd, 4 for 3rd v 4th as
-- well; each of best_of matches) and its prize method (tourney's names).
-- A tournament without a row has no finals and prizes "none".
CREATE TABLE tournament_finals (
    tournament_id TEXT PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    places        INTEGER NOT NULL,
    best_of       INTEGER NOT NULL,
    prizes        TEXT NOT NULL
);

-- +goose Down
DROP TABLE tournament_finals;
