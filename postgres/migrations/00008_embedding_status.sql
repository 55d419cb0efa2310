-- +goose Up
-- 'embedding': accepted and durable, waiting for the embedding model. A
-- pre-evaluated experience sent without its embedding is written at once
-- and embedded by a worker, so a model outage delays it, never refuses it.
ALTER TABLE experiences DROP CONSTRAINT experiences_status_check;
ALTER TABLE experiences ADD CONSTRAINT experiences_status_check
    CHECK (status IN ('embedding', 'queued', 'evaluating', 'committed', 'failed'));

-- +goose Down
UPDATE experiences SET status = 'failed', status_reason = 'never embedded' WHERE status = 'embedding';
ALTER TABLE experiences DROP CONSTRAINT experiences_status_check;
ALTER TABLE experiences ADD CONSTRAINT experiences_status_check
    CHECK (status IN ('queued', 'evaluating', 'committed', 'failed'));
