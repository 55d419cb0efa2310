SELECT id, status FROM epoch_runs
WHERE namespace = $1 AND status IN ('queued', 'running')
