SELECT params
FROM prgii_runs
WHERE namespace = $1 AND id = $2
