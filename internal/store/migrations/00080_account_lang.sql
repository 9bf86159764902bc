-- The language an account reads the page in (issue 29): a tag of
-- internal/i18n's Languages, '' for none chosen yet (the browser's cookie
-- or Accept-Language then chooses). It follows the player to any browser
-- he signs in on.
-- +goose Up
ALTER TABLE accounts ADD COLUMN lang TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE accounts DROP COLUMN lang;
