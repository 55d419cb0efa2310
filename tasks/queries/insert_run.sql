-- Creates a run unless its namespace has an active one
-- (epoch_runs_one_active) or its Idempotency-Key names another run
-- (epoch_runs_idempotency): then no row is returned. $5 is the API key
-- that started it (NULL: the CLI).
INSERT INTO epoch_runs (id, namespace, status, params, idempotency_key, key_id)
VALUES ($1, $2, 'queued', $3, $4, $5)
ON CONFLICT DO NOTHING
RETURNING created_at, updated_at
