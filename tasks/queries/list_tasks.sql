SELECT id, namespace, status, question, task_type, context, validator, max_iterations, frozen,
       plan, retrieval, committed, answer, error, created_at, updated_at
FROM tasks WHERE namespace = $1 AND batch_id IS NULL
ORDER BY created_at DESC, id DESC LIMIT $2
