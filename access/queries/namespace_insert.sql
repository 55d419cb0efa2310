INSERT INTO namespaces (name, description, probation)
VALUES ($1, $2, $3)
ON CONFLICT (name) DO NOTHING
RETURNING name, description, probation, created_at
