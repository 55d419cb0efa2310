SELECT e.record
FROM experiences e
WHERE e.namespace = $1 AND e.task_type = $2 AND e.outcome = 'success_memory' AND e.status <> 'failed'
  AND NOT EXISTS (SELECT 1 FROM memory_utility u WHERE u.experience_id = e.id AND u.state <> 'active')
ORDER BY e.created_at DESC, e.id DESC
LIMIT $3
