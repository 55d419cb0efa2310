-- Lexical top-K of the success and failure memories served in one
-- (namespace, task type) slice: the question's words (experiences.lexemes,
-- postgres/migrations/00026_lexical.sql, the 'english' configuration) found in what
-- each memory says, scored by the sum of the inverse document frequencies
-- ln((N + 1) / df) of the words it holds, over the slice's N memories. A
-- rare word (an identifier, an exact number) outweighs several words every
-- memory of the type shares, as in BM25 without its term-frequency and
-- length terms: memories are short and a word rarely repeats in one. The
-- score is returned in the similarity column. Each search scans the slice.
-- $1 namespace, $2 task type, $3 question, $4 K.
WITH terms AS (
    SELECT DISTINCT l FROM unnest(tsvector_to_array(to_tsvector('english', $3::text))) l),
slice AS (
    SELECT s.id, s.task_type, s.outcome, s.failure_kind, s.quality, s.signature, s.created_at, s.embedding,
           tsvector_to_array(e.lexemes) AS words
      FROM (SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, embedding
              FROM success_index
             WHERE namespace = $1 AND task_type = $2 AND outcome = 'success_memory' AND served
            UNION ALL
            SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, embedding
              FROM failure_index
             WHERE namespace = $1 AND task_type = $2 AND served) s
      JOIN experiences e ON e.id = s.id),
df AS (
    SELECT t.l, count(*) AS n FROM terms t JOIN slice s ON t.l = ANY (s.words) GROUP BY t.l),
scored AS (
    SELECT s.id, sum(ln(((SELECT count(*) FROM slice) + 1.0) / df.n))::double precision AS score
      FROM slice s JOIN df ON df.l = ANY (s.words)
     GROUP BY s.id
     ORDER BY score DESC, s.id
     LIMIT $4)
SELECT s.id, s.task_type, s.outcome, coalesce(s.failure_kind, ''), s.quality, s.signature, s.created_at,
       c.score,
       coalesce(e.record->>'question', ''), coalesce(e.record->>'answer', ''), coalesce(e.record->>'expression', ''),
       coalesce(e.record->>'chain_of_thought', ''), coalesce(e.record->>'content', ''),
       coalesce(e.record->>'skill', ''),
       coalesce(e.record->'skill_steps', '[]'), coalesce(e.record->'errors', '[]'),
       coalesce(e.record->'patches', '[]'), coalesce(e.record->'evaluation'->>'critic_note', ''), s.embedding::real[],
       coalesce(u.state, 'active'), coalesce(u.reason, ''), coalesce(u.shown_right, 0), coalesce(u.shown_wrong, 0),
       coalesce(u.helped, 0), coalesce(u.hurt, 0), coalesce(u.tied, 0), u.updated_at
  FROM scored c
  JOIN slice s ON s.id = c.id
  JOIN experiences e ON e.id = c.id
  LEFT JOIN memory_utility u ON u.experience_id = c.id
 ORDER BY c.score DESC, c.id
