-- Lists in ann_slices the grown slices of the success channel among task
-- types $2 of namespace $1 and returns them: a slice with a tail (rows NOT
-- ann) that is listed already, or that holds at least $3 rows (the
-- exact-scan bound). The listing is checked before the count, which reads up
-- to $3 rows. Committed before the tail moves (admit_tail_success.sql), so
-- that inserts from then on enter the index themselves.
-- See migrations/00021_ann_admission.sql.
WITH grown AS (
    SELECT DISTINCT t.task_type
      FROM unnest($2::text[]) AS t (task_type)
     WHERE EXISTS (SELECT 1 FROM success_index s
                    WHERE s.namespace = $1 AND s.task_type = t.task_type AND NOT s.ann)
       AND (EXISTS (SELECT 1 FROM ann_slices a
                     WHERE a.namespace = $1 AND a.task_type = t.task_type AND a.channel = 'success')
            OR (SELECT count(*) FROM (SELECT 1 FROM success_index s
                                       WHERE s.namespace = $1 AND s.task_type = t.task_type LIMIT $3) c) >= $3)
), listed AS (
    INSERT INTO ann_slices (namespace, task_type, channel)
    SELECT $1, task_type, 'success' FROM grown
    ON CONFLICT DO NOTHING
)
SELECT coalesce(array_agg(task_type), '{}') FROM grown
