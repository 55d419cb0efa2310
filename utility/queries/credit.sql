-- Credits the memories $2 (of namespace $1) that an answer showed with one
-- right ($3 = 1, $4 = 0) or wrong ($3 = 0, $4 = 1) answer, in the reward's
-- transaction. Ids are locked in order. Unknown ids are skipped.
INSERT INTO memory_utility AS u (experience_id, namespace, task_type, shown_right, shown_wrong, updated_at)
SELECT e.id, e.namespace, e.task_type, $3, $4, now()
  FROM experiences e
 WHERE e.namespace = $1 AND e.id = ANY ($2::uuid[])
 ORDER BY e.id
ON CONFLICT (experience_id) DO UPDATE
   SET shown_right = u.shown_right + EXCLUDED.shown_right,
       shown_wrong = u.shown_wrong + EXCLUDED.shown_wrong,
       updated_at  = now()
RETURNING u.experience_id, u.task_type, u.state, u.shown_right, u.shown_wrong
