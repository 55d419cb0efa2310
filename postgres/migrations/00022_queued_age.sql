-- +goose Up
-- The age of a namespace's oldest queued experience is its graph
-- projection's lag; the ingest service reads it to hold new writes while
-- the projection is behind (ingest/queries/projection_lag.sql). The index
-- holds only the queued rows, a few thousand at most under load.
CREATE INDEX experiences_queued_age ON experiences (namespace, created_at) WHERE status = 'queued';

-- +goose Down
DROP INDEX experiences_queued_age;
