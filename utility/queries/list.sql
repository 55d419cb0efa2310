-- Memories of namespace $1 in state $2 (probationary or quarantined: active
-- memories without evidence have no row), of task type $3 ('' for any),
-- after id $4 (keyset), at most $5.
SELECT u.experience_id, u.task_type, u.state, u.reason, u.shown_right, u.shown_wrong,
       u.helped, u.hurt, u.tied, u.updated_at
  FROM memory_utility u
 WHERE u.namespace = $1 AND u.state = $2 AND ($3 = '' OR u.task_type = $3) AND u.experience_id > $4
 ORDER BY u.experience_id
 LIMIT $5
