SELECT name, description, probation, created_at
FROM namespaces
WHERE name = $1
