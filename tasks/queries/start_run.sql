UPDATE epoch_runs
SET status = 'running', started_at = COALESCE(started_at, now()), updated_at = now()
WHERE namespace = $1 AND id = $2 AND status IN ('queued', 'running')
RETURNING id
