SELECT id, status FROM evolution_runs
WHERE namespace = $1 AND status IN ('queued', 'running')
