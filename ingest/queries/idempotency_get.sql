SELECT request_hash, response
FROM idempotency_keys
WHERE namespace = $1 AND key = $2
