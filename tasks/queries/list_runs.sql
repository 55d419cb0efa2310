SELECT id, namespace, status, params, current_epoch, error, created_at, updated_at
FROM epoch_runs
WHERE namespace = $1
ORDER BY created_at DESC, id DESC
LIMIT $2
