-- The share of rewarded answers of a task type that were right (reward
-- stream statistics), NULL before the first.
SELECT CASE WHEN n_seen > 0 THEN 1 - n_fail::double precision / n_seen END
  FROM task_type_stats
 WHERE namespace = $1 AND task_type = $2
