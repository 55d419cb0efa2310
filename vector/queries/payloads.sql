-- Scoring columns and payload of experiences found by other channels
-- (structural matches, graph neighbours). $1 namespace, $2 task type ('' for
-- any: cross-task-type structural matches), $3 ids, $4 whether memories not
-- served (probationary or quarantined) are read too (a probation replay).
-- Its own evidence of utility comes with each.
SELECT e.id, e.task_type, e.outcome, coalesce(e.failure_kind, ''), e.quality, e.signature, e.created_at,
       0::double precision,
       coalesce(e.record->>'question', ''), coalesce(e.record->>'answer', ''), coalesce(e.record->>'expression', ''),
       coalesce(e.record->>'chain_of_thought', ''), coalesce(e.record->>'content', ''),
       coalesce(e.record->>'skill', ''),
       coalesce(e.record->'skill_steps', '[]'), coalesce(e.record->'errors', '[]'),
       coalesce(e.record->'patches', '[]'), coalesce(e.record->'evaluation'->>'critic_note', ''), NULL::real[],
       coalesce(u.state, 'active'), coalesce(u.reason, ''), coalesce(u.shown_right, 0), coalesce(u.shown_wrong, 0),
       coalesce(u.helped, 0), coalesce(u.hurt, 0), coalesce(u.tied, 0), u.updated_at
  FROM experiences e
  LEFT JOIN memory_utility u ON u.experience_id = e.id
 WHERE e.namespace = $1 AND ($2 = '' OR e.task_type = $2) AND e.id = ANY ($3::uuid[])
   AND ($4 OR coalesce(u.state, 'active') = 'active')
