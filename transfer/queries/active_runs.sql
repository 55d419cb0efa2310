-- Runs still writing to a namespace: an export waits until they finish.
SELECT (SELECT count(*) FROM evolution_runs WHERE namespace = $1 AND status IN ('queued', 'running'))
     + (SELECT count(*) FROM prgii_runs WHERE namespace = $1 AND status IN ('queued', 'running'))
