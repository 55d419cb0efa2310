-- The utility of memories $2 of namespace $1; a memory without a row is
-- active with no evidence. Unknown ids are absent.
SELECT e.id, e.task_type, coalesce(u.state, 'active'), coalesce(u.reason, ''),
       coalesce(u.shown_right, 0), coalesce(u.shown_wrong, 0),
       coalesce(u.helped, 0), coalesce(u.hurt, 0), coalesce(u.tied, 0), u.updated_at
  FROM experiences e
  LEFT JOIN memory_utility u ON u.experience_id = e.id
 WHERE e.namespace = $1 AND e.id = ANY ($2::uuid[])
 ORDER BY e.id
