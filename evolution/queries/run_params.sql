SELECT params
FROM evolution_runs
WHERE namespace = $1 AND id = $2
