-- Marks the index rows of memories $3 (namespace $1, task type $2) served or
-- not ($4): package utility keeps served equal to state = 'active'.
WITH s AS (
    UPDATE success_index SET served = $4 WHERE namespace = $1 AND task_type = $2 AND id = ANY ($3::uuid[])
), f AS (
    UPDATE failure_index SET served = $4 WHERE namespace = $1 AND task_type = $2 AND id = ANY ($3::uuid[])
)
UPDATE principle_embeddings SET served = $4 WHERE namespace = $1 AND task_type = $2 AND id = ANY ($3::uuid[])
