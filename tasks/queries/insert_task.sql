-- $13 is the API key that started the task (NULL: an epoch run's task).
INSERT INTO tasks (id, namespace, status, question, task_type, context, validator, max_iterations, frozen, batch_id, epoch, item_id, created_at, updated_at, key_id)
VALUES ($1, $2, 'queued', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13)
