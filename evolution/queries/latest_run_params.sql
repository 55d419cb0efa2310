-- The parameters of a namespace's latest run.
SELECT params
FROM evolution_runs
WHERE namespace = $1
ORDER BY created_at DESC, id DESC
LIMIT 1
