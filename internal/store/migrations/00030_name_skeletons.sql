-- Each account's name skeleton (Unicode TR 39, carrom.NameSkeleton), so
-- that a name that reads like another account's is refused by one
-- lookup. The store fills it in for the accounts made before, when it
-- opens (SQL cannot compute it); NULLs never collide in a unique index.
-- +goose Up
ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX accounts_name_skeleton ON accounts (name_skeleton);

-- +goose Down
DROP INDEX accounts_name_skeleton;
ALTER TABLE accounts DROP COLUMN name_skeleton;
