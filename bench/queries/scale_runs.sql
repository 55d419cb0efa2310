-- A namespace's evolution runs: status and the interval each was active.
SELECT id, status, created_at, coalesce(finished_at, now())
FROM evolution_runs
WHERE namespace = $1
ORDER BY created_at
