-- Indexes the embeddings of the experiences $1 staged in the session's
-- import_stage table (ingest/queries/import_stage.sql), each in the index of
-- its channel column (see vector.Store.InsertTx). A bulk
-- load admits its rows to the HNSW indexes (ann): they are built after the
-- load, where building costs a fraction of inserting, and a slice that stays
-- small is scanned exactly whatever its rows' ann.
WITH fresh AS (
    SELECT s.* FROM import_stage s WHERE s.id = ANY ($1::uuid[]) AND s.status = 'queued'
), success AS (
    INSERT INTO success_index (id, namespace, task_type, outcome, failure_kind, quality, signature, created_at, embedding, ann)
    SELECT id, namespace, task_type, outcome, failure_kind, quality, signature, created_at, embedding, true
    FROM fresh WHERE channel = 'success'
), failure AS (
    INSERT INTO failure_index (id, namespace, task_type, outcome, failure_kind, quality, signature, created_at, embedding, ann)
    SELECT id, namespace, task_type, outcome, failure_kind, quality, signature, created_at, embedding, true
    FROM fresh WHERE channel = 'failure'
)
INSERT INTO principle_embeddings (id, namespace, task_type, skill, quality, created_at, embedding)
SELECT id, namespace, task_type, skill, quality, created_at, embedding
FROM fresh WHERE channel = 'principle'
