-- Adds one principle to the principle index (inside the ingest transaction).
INSERT INTO principle_embeddings (id, namespace, task_type, skill, quality, created_at, embedding, served)
VALUES ($1, $2, $3, $4, $5, $6, $7::real[]::vector,
        NOT EXISTS (SELECT 1 FROM memory_utility u WHERE u.experience_id = $1 AND u.state <> 'active'))
ON CONFLICT (id) DO NOTHING
