SELECT id, status FROM prgii_runs
WHERE namespace = $1 AND status IN ('queued', 'running')
