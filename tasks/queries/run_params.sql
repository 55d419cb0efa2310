SELECT params
FROM epoch_runs
WHERE namespace = $1 AND id = $2
