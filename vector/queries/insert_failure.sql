-- Adds one experience to the failure channel (inside the ingest transaction).
INSERT INTO failure_index (id, namespace, task_type, outcome, failure_kind, quality, signature, created_at, embedding)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::real[]::vector)
ON CONFLICT (namespace, task_type, id) DO NOTHING
