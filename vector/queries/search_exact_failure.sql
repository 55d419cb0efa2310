-- Exact top-K of the failure channel within one (namespace, task type) slice,
-- by cosine similarity: "+ 0" makes the ordering unindexable, so no ANN index
-- is used. The reference for recall measurements; same parameters as search_failure.
SELECT s.id, s.task_type, s.outcome, coalesce(s.failure_kind, ''), s.quality, s.signature, s.created_at,
       s.similarity,
       coalesce(e.record->>'question', ''), coalesce(e.record->>'answer', ''), coalesce(e.record->>'expression', ''),
       coalesce(e.record->>'chain_of_thought', ''), coalesce(e.record->>'content', ''),
       coalesce(e.record->>'skill', ''),
       coalesce(e.record->'skill_steps', '[]'), coalesce(e.record->'errors', '[]'),
       coalesce(e.record->'patches', '[]'), coalesce(e.record->'evaluation'->>'critic_note', ''), s.embedding::real[],
       coalesce(u.state, 'active'), coalesce(u.reason, ''), coalesce(u.shown_right, 0), coalesce(u.shown_wrong, 0),
       coalesce(u.helped, 0), coalesce(u.hurt, 0), coalesce(u.tied, 0), u.updated_at
  FROM (SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, embedding,
               1 - (embedding <=> $3::real[]::vector) AS similarity
          FROM failure_index
         WHERE namespace = $1 AND task_type = $2 AND outcome = ANY ($4::text[])
           AND ($5::text IS NULL OR failure_kind = $5::text) AND served
         ORDER BY (embedding <=> $3::real[]::vector) + 0
         LIMIT $6) s
  JOIN experiences e ON e.id = s.id
  LEFT JOIN memory_utility u ON u.experience_id = s.id
 WHERE s.similarity >= $7
 ORDER BY s.similarity DESC, s.id
