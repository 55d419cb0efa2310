-- Adds one principle to the principle index (inside the ingest transaction).
INSERT INTO principle_embeddings (id, namespace, task_type, skill, quality, created_at, embedding)
VALUES ($1, $2, $3, $4, $5, $6, $7::real[]::vector)
ON CONFLICT (id) DO NOTHING
