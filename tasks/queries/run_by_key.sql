SELECT id, params FROM prgii_runs
WHERE namespace = $1 AND idempotency_key = $2
