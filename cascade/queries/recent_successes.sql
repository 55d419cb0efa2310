SELECT record
FROM experiences
WHERE namespace = $1 AND task_type = $2 AND outcome = 'success_memory' AND status <> 'failed'
ORDER BY created_at DESC, id DESC
LIMIT $3
