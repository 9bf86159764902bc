-- A tournament's match format (internal/tournament, docs/tournaments.md):
-- 'laws', a match as the laws play it, or 'bell', a time limit per round
-- (the round's clock) that ends the online matches still in play with
-- their score at the bell.
-- +goose Up
ALTER TABLE tournaments ADD COLUMN match_format TEXT NOT NULL DEFAULT 'laws';

-- +goose Down
ALTER TABLE tournaments DROP COLUMN match_format;
