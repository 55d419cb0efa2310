-- Records a decision on a memory: its new state and reason, and the replay
-- counts that led to it (0 for a client's decision).
-- $1 namespace, $2 id, $3 state, $4 reason, $5 helped, $6 hurt, $7 tied.
INSERT INTO memory_utility AS u (experience_id, namespace, task_type, state, reason, helped, hurt, tied, updated_at)
SELECT e.id, e.namespace, e.task_type, $3, $4, $5, $6, $7, now()
  FROM experiences e
 WHERE e.namespace = $1 AND e.id = $2
ON CONFLICT (experience_id) DO UPDATE
   SET state      = EXCLUDED.state,
       reason     = EXCLUDED.reason,
       helped     = u.helped + EXCLUDED.helped,
       hurt       = u.hurt + EXCLUDED.hurt,
       tied       = u.tied + EXCLUDED.tied,
       updated_at = now()
RETURNING u.task_type
