SELECT id, params FROM epoch_runs
WHERE namespace = $1 AND idempotency_key = $2
