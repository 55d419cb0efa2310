-- Moves the tails (rows NOT ann) of the listed slices $2 of namespace $1
-- in the success channel into the partition's HNSW index; returns the rows moved.
WITH moved AS (
    UPDATE success_index SET ann = true
     WHERE namespace = $1 AND task_type = ANY ($2::text[]) AND NOT ann
    RETURNING 1
)
SELECT count(*)::int FROM moved
