-- Lists in ann_slices the slices of the success channel among task types $2
-- of namespace $1 that hold at least $3 rows (the exact-scan bound) and are
-- not listed yet; returns how many it listed. From then on the slice's
-- inserts enter the partition's HNSW index (insert_success.sql).
-- See postgres/migrations/00021_ann_slices.sql.
WITH listed AS (
    INSERT INTO ann_slices (namespace, task_type, channel)
    SELECT $1, t.task_type, 'success'
      FROM unnest($2::text[]) AS t (task_type)
     WHERE NOT EXISTS (SELECT 1 FROM ann_slices a
                        WHERE a.namespace = $1 AND a.task_type = t.task_type AND a.channel = 'success')
       AND (SELECT count(*) FROM (SELECT 1 FROM success_index s
                                   WHERE s.namespace = $1 AND s.task_type = t.task_type LIMIT $3) c) >= $3
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT count(*)::int FROM listed
