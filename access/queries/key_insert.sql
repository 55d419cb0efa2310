INSERT INTO api_keys (id, name, prefix, hash, scopes, namespaces)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING id, name, prefix, scopes, namespaces, created_at, revoked_at, last_used_at
