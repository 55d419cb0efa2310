-- The probationary memories of namespace $1 of the task types $2, teacher
-- corrections and principles before other classes, oldest first.
SELECT u.experience_id, u.task_type, e.outcome
  FROM memory_utility u
  JOIN experiences e ON e.id = u.experience_id
 WHERE u.namespace = $1 AND u.state = 'probationary' AND u.task_type = ANY ($2::text[])
 ORDER BY CASE e.outcome WHEN 'failure_memory' THEN 0 WHEN 'principle' THEN 1 ELSE 2 END, e.created_at, e.id
