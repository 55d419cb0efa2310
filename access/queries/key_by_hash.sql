SELECT id, name, prefix, scopes, namespaces, created_at, revoked_at, last_used_at
FROM api_keys
WHERE hash = $1 AND revoked_at IS NULL
