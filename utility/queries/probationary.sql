-- The probationary memories of namespace $1 of the task types $2: a task
-- type's strategy corrections first (they apply to every question of the
-- type), then specific corrections, principles and the rest, oldest first.
SELECT u.experience_id, u.task_type, e.outcome
  FROM memory_utility u
  JOIN experiences e ON e.id = u.experience_id
 WHERE u.namespace = $1 AND u.state = 'probationary' AND u.task_type = ANY ($2::text[])
 ORDER BY CASE WHEN e.outcome = 'failure_memory' AND e.failure_kind = 'type_strategy' THEN 0
               WHEN e.outcome = 'failure_memory' THEN 1
               WHEN e.outcome = 'principle' THEN 2
               ELSE 3 END,
          e.created_at, e.id
