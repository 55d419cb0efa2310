-- +goose Up
-- Requests counted per API key and rate-limit window, shared by every API
-- process so that a key's limit holds across replicas. UNLOGGED: the counts
-- live a window or two, so losing them in a crash costs at most one window's
-- budget, and no WAL is written for a row updated on every request.
CREATE UNLOGGED TABLE rate_limit_counts (
    key          text NOT NULL,
    window_start timestamptz NOT NULL,
    count        int NOT NULL,
    PRIMARY KEY (key, window_start)
);

-- +goose Down
DROP TABLE rate_limit_counts;
