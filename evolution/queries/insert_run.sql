-- Creates a run unless its namespace already has an active one (the
-- partial unique index evolution_runs_one_active): then no row is returned.
-- $5 is the API key that started it (NULL: the CLI).
INSERT INTO evolution_runs (id, namespace, status, params, key_id)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (namespace) WHERE status IN ('queued', 'running') DO NOTHING
RETURNING created_at, updated_at
