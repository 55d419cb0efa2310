SELECT name, description, created_at
FROM namespaces
WHERE name = $1
