INSERT INTO evolution_runs (id, namespace, status, params)
VALUES ($1, $2, $3, $4)
RETURNING created_at, updated_at
