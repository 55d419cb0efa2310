SELECT task_type, n_seen, n_fail
FROM task_type_stats
WHERE namespace = $1
ORDER BY task_type
