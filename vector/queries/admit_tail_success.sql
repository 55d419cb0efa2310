-- Moves up to $3 rows (NULL: all) of the tails (rows NOT ann) of the listed
-- slices $2 of namespace $1 in the success channel into the partition's HNSW
-- index; returns the rows moved. Rows another admission holds are skipped.
WITH moved AS (
    UPDATE success_index s SET ann = true
      FROM (SELECT namespace, task_type, id FROM success_index
             WHERE namespace = $1 AND task_type = ANY ($2::text[]) AND NOT ann
             LIMIT $3
               FOR UPDATE SKIP LOCKED) t
     WHERE s.namespace = t.namespace AND s.task_type = t.task_type AND s.id = t.id
    RETURNING 1
)
SELECT count(*)::int FROM moved
