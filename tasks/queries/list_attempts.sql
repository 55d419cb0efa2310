SELECT task_id, n, answer, reasoning, feedback, guidance, stuck, created_at
FROM task_attempts WHERE namespace = $1 AND task_id = ANY($2::uuid[])
ORDER BY task_id, n
