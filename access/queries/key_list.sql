SELECT id, name, prefix, scopes, namespaces, created_at, revoked_at, last_used_at
FROM api_keys
ORDER BY created_at, id
