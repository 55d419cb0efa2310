INSERT INTO task_type_stats (namespace, task_type, n_seen, n_fail)
VALUES ($1, $2, 1, $3)
ON CONFLICT (namespace, task_type) DO UPDATE
SET n_seen = task_type_stats.n_seen + 1,
    n_fail = task_type_stats.n_fail + excluded.n_fail,
    updated_at = now()
RETURNING n_seen, n_fail
