-- Top-K principles of one (namespace, task type) slice by cosine similarity.
-- A slice of fewer than $6 rows is scanned exactly; for a larger one the
-- planner picks the HNSW index, which every namespace shares, or the btree:
-- see search_success.sql.
-- $1 namespace, $2 task type, $3 query vector, $4 K, $5 minimum similarity,
-- $6 exact-scan bound.
WITH slice AS MATERIALIZED (
    SELECT count(*) < $6 AS small
      FROM (SELECT 1 FROM principle_embeddings WHERE namespace = $1 AND task_type = $2 LIMIT $6) c)
SELECT s.id, s.task_type, 'principle', '', s.quality, '{}'::text[], s.created_at, s.similarity,
       '', '', '', '', coalesce(e.record->>'content', ''), s.skill,
       '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '', s.embedding::real[],
       coalesce(u.state, 'active'), coalesce(u.reason, ''), coalesce(u.shown_right, 0), coalesce(u.shown_wrong, 0),
       coalesce(u.helped, 0), coalesce(u.hurt, 0), coalesce(u.tied, 0), u.updated_at
  FROM ((SELECT id, task_type, skill, quality, created_at, embedding,
                1 - (embedding <=> $3::real[]::vector) AS similarity
           FROM principle_embeddings
          WHERE namespace = $1 AND task_type = $2 AND served AND (SELECT small FROM slice)
          ORDER BY (embedding <=> $3::real[]::vector) + 0
          LIMIT $4)
        UNION ALL
        (SELECT id, task_type, skill, quality, created_at, embedding,
                1 - (embedding <=> $3::real[]::vector)
           FROM principle_embeddings
          WHERE namespace = $1 AND task_type = $2 AND served AND NOT (SELECT small FROM slice)
          ORDER BY embedding <=> $3::real[]::vector
          LIMIT $4)) s
  JOIN experiences e ON e.id = s.id
  LEFT JOIN memory_utility u ON u.experience_id = s.id
 WHERE s.similarity >= $5
 ORDER BY s.similarity DESC, s.id
