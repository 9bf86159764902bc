-- A Swiss tournament's pairing options (internal/tournament,
-- docs/tournaments.md), each a number of rounds, 0 for none: delay_top
-- orders the top players by rating inside their score group while at most
-- that many rounds are played (SoL's "delay top players pairing");
-- avoid_compatriots and avoid_clubmates pair a player's compatriots or
-- clubmates of his score group after the others, in rounds up to theirs.
-- +goose Up
ALTER TABLE tournaments ADD COLUMN delay_top INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN avoid_compatriots INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN avoid_clubmates INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE tournaments DROP COLUMN avoid_clubmates;
ALTER TABLE tournaments DROP COLUMN avoid_compatriots;
ALTER TABLE tournaments DROP COLUMN delay_top;
