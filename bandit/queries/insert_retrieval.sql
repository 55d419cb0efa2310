INSERT INTO retrievals (id, namespace, task_type, search_arm, mode, memory_ids)
VALUES ($1, $2, $3, $4, $5, $6)
