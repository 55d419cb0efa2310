INSERT INTO namespaces (name, description)
VALUES ($1, $2)
ON CONFLICT (name) DO NOTHING
RETURNING name, description, created_at
