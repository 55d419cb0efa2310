-- How many rows each (namespace, task type) slice of $2 holds per channel,
-- counted up to $3 (the exact-scan bound): counted, not estimated
-- (search_success.sql says why), each count pruned to one partition.
-- Neighbors picks its statements by it and skips empty channels.
SELECT t.task_type,
       (SELECT count(*) FROM (SELECT 1 FROM success_index s
                               WHERE s.namespace = $1 AND s.task_type = t.task_type LIMIT $3) c),
       (SELECT count(*) FROM (SELECT 1 FROM failure_index f
                               WHERE f.namespace = $1 AND f.task_type = t.task_type LIMIT $3) c)
FROM unnest($2::text[]) AS t (task_type)
