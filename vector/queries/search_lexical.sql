-- Lexical top-K of the success and failure memories served in one
-- (namespace, task type) slice: Postgres full-text search of the question's
-- words (any of them: the query ORs its lexemes) in what each memory says
-- (experiences.lexemes, migrations/00026_lexical.sql), ranked by
-- ts_rank_cd, which rewards memories holding more of the words, closer
-- together. The rank is returned in the similarity column.
-- $1 namespace, $2 task type, $3 question, $4 K.
WITH q AS (
    SELECT to_tsquery('simple', string_agg(quote_literal(l), ' | ')) AS query
      FROM unnest(tsvector_to_array(to_tsvector('english', $3::text))) l),
slice AS (
    SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, embedding
      FROM success_index
     WHERE namespace = $1 AND task_type = $2 AND outcome = 'success_memory' AND served
    UNION ALL
    SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, embedding
      FROM failure_index
     WHERE namespace = $1 AND task_type = $2 AND served)
SELECT s.id, s.task_type, s.outcome, coalesce(s.failure_kind, ''), s.quality, s.signature, s.created_at,
       ts_rank_cd(e.lexemes, q.query)::double precision AS similarity,
       coalesce(e.record->>'question', ''), coalesce(e.record->>'answer', ''), coalesce(e.record->>'expression', ''),
       coalesce(e.record->>'chain_of_thought', ''), coalesce(e.record->>'content', ''),
       coalesce(e.record->>'skill', ''),
       coalesce(e.record->'skill_steps', '[]'), coalesce(e.record->'errors', '[]'),
       coalesce(e.record->'patches', '[]'), coalesce(e.record->'evaluation'->>'critic_note', ''), s.embedding::real[],
       coalesce(u.state, 'active'), coalesce(u.reason, ''), coalesce(u.shown_right, 0), coalesce(u.shown_wrong, 0),
       coalesce(u.helped, 0), coalesce(u.hurt, 0), coalesce(u.tied, 0), u.updated_at
  FROM slice s
  JOIN experiences e ON e.id = s.id
  CROSS JOIN q
  LEFT JOIN memory_utility u ON u.experience_id = s.id
 WHERE e.lexemes @@ q.query
 ORDER BY similarity DESC, s.id
 LIMIT $4
