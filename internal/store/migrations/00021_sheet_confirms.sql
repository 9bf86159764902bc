-- The players' accounts that confirmed a rated scoresheet's result, each
-- with the number of the sheet's last operation it saw: a confirmation
-- counts only while the sheet is unchanged since.
-- +goose Up
CREATE TABLE sheet_confirms (
    sheet_id   TEXT NOT NULL REFERENCES sheets (id),
    account_id TEXT NOT NULL,
    seq        BIGINT NOT NULL,
    at         BIGINT NOT NULL,
    PRIMARY KEY (sheet_id, account_id)
);

-- +goose Down
DROP TABLE sheet_confirms;
