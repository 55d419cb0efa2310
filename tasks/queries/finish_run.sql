UPDATE epoch_runs
SET status = $3, error = $4, finished_at = now(), updated_at = now()
WHERE namespace = $1 AND id = $2 AND status IN ('queued', 'running')
