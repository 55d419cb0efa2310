-- Whether each (namespace, task type) slice of $2 holds fewer than $3 rows,
-- per channel: counted, not estimated (search_success.sql says why), each
-- count pruned to one partition. Neighbors picks its statements by it.
SELECT t.task_type,
       (SELECT count(*) FROM (SELECT 1 FROM success_index s
                               WHERE s.namespace = $1 AND s.task_type = t.task_type LIMIT $3) c) < $3,
       (SELECT count(*) FROM (SELECT 1 FROM failure_index f
                               WHERE f.namespace = $1 AND f.task_type = t.task_type LIMIT $3) c) < $3
FROM unnest($2::text[]) AS t (task_type)
