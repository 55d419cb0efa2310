-- $4 is the API key that creates it, its tenant (NULL: the CLI).
INSERT INTO namespaces (name, description, probation, created_by)
VALUES ($1, $2, $3, $4)
ON CONFLICT (name) DO NOTHING
RETURNING name, description, probation, created_at
