SELECT id, namespace, status, params, current_iteration, error, created_at, updated_at
FROM evolution_runs
WHERE namespace = $1
ORDER BY created_at DESC, id DESC
LIMIT $2
