-- Adds one experience to the failure channel (inside the ingest transaction).
-- The row enters the HNSW index (ann) when its slice is listed for it
-- (ann_slices); otherwise it joins the slice's exactly scanned tail.
INSERT INTO failure_index (id, namespace, task_type, outcome, failure_kind, quality, signature, created_at, embedding, ann, served)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::real[]::vector,
        EXISTS (SELECT 1 FROM ann_slices a WHERE a.namespace = $2 AND a.task_type = $3 AND a.channel = 'failure'),
        NOT EXISTS (SELECT 1 FROM memory_utility u WHERE u.experience_id = $1 AND u.state <> 'active'))
ON CONFLICT (namespace, task_type, id) DO NOTHING
