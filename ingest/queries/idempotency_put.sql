INSERT INTO idempotency_keys (namespace, key, request_hash, status_code, response)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (namespace, key) DO NOTHING
