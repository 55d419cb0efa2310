-- Creates a run unless its namespace already has an active one (the
-- partial unique index evolution_runs_one_active): then no row is returned.
INSERT INTO evolution_runs (id, namespace, status, params)
VALUES ($1, $2, $3, $4)
ON CONFLICT (namespace) WHERE status IN ('queued', 'running') DO NOTHING
RETURNING created_at, updated_at
