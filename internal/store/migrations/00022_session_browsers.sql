-- +goose Up
-- A session names the browser token it was started from, so that the
-- account a browser plays as is the one whose session it holds now; a
-- browser's link to an account ends (ended_at, Unix nanoseconds) when it
-- signs out or a new password signs it out: the tables made after are no
-- longer the account's.
ALTER TABLE sessions ADD COLUMN token TEXT NOT NULL DEFAULT '';
CREATE INDEX sessions_token ON sessions (token);
ALTER TABLE account_tokens ADD COLUMN ended_at BIGINT;

-- +goose Down
ALTER TABLE account_tokens DROP COLUMN ended_at;
DROP INDEX sessions_token;
ALTER TABLE sessions DROP COLUMN token;
