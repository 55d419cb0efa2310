INSERT INTO task_attempts (task_id, namespace, n, answer, reasoning, passed, feedback, guidance, stuck, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (task_id, n) DO NOTHING
