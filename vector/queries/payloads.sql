-- Scoring columns and payload of experiences found by other channels
-- (structural matches, graph neighbours). $1 namespace, $2 task type ('' for
-- any: cross-task-type structural matches), $3 ids.
SELECT e.id, e.task_type, e.outcome, coalesce(e.failure_kind, ''), e.quality, e.signature, e.created_at,
       0::double precision,
       coalesce(e.record->>'question', ''), coalesce(e.record->>'answer', ''),
       coalesce(e.record->>'chain_of_thought', ''), coalesce(e.record->>'content', ''),
       coalesce(e.record->>'skill', ''),
       coalesce(e.record->'skill_steps', '[]'), coalesce(e.record->'errors', '[]'),
       coalesce(e.record->'patches', '[]'), NULL::real[]
  FROM experiences e
 WHERE e.namespace = $1 AND ($2 = '' OR e.task_type = $2) AND e.id = ANY ($3::uuid[])
