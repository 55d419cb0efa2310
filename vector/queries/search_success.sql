-- Top-K of the success channel within one (namespace, task type) slice, by cosine
-- similarity, with the payload of the K survivors from experiences.
-- A slice of fewer than $8 rows is scanned exactly. A larger one merges two
-- top-Ks (postgres/migrations/00021_ann_slices.sql): its rows in the
-- partition's HNSW index (ann), searched where the planner's estimate says,
-- through the index (pgvector iterative scan) or the slice's btree; and its
-- tail (NOT ann), scanned exactly. Small is decided on the slice's counted
-- size, not on the planner's estimate: a partition's HNSW graph is shared by
-- every namespace hashed to it, and when other namespaces hold many copies
-- of a vector the graph can leave a small slice's rows unreachable
-- (measured: 1 of 2 identical rows found beside 2,000 copies in another
-- namespace). Each gate is a one-time filter, so only the branches of one
-- size run.
-- $1 namespace, $2 task type, $3 query vector, $4 outcomes, $5 failure kind
-- (NULL = any), $6 K, $7 minimum similarity, $8 exact-scan bound.
WITH slice AS MATERIALIZED (
    SELECT count(*) < $8 AS small
      FROM (SELECT 1 FROM success_index WHERE namespace = $1 AND task_type = $2 LIMIT $8) c)
SELECT s.id, s.task_type, s.outcome, coalesce(s.failure_kind, ''), s.quality, s.signature, s.created_at,
       s.similarity,
       coalesce(e.record->>'question', ''), coalesce(e.record->>'answer', ''), coalesce(e.record->>'expression', ''),
       coalesce(e.record->>'chain_of_thought', ''), coalesce(e.record->>'content', ''),
       coalesce(e.record->>'skill', ''),
       coalesce(e.record->'skill_steps', '[]'), coalesce(e.record->'errors', '[]'),
       coalesce(e.record->'patches', '[]'), coalesce(e.record->'evaluation'->>'critic_note', ''), s.embedding::real[],
       coalesce(u.state, 'active'), coalesce(u.reason, ''), coalesce(u.shown_right, 0), coalesce(u.shown_wrong, 0),
       coalesce(u.helped, 0), coalesce(u.hurt, 0), coalesce(u.tied, 0), u.updated_at
  FROM (SELECT *
          FROM ((SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, embedding,
                        1 - (embedding <=> $3::real[]::vector) AS similarity
                   FROM success_index
                  WHERE namespace = $1 AND task_type = $2 AND outcome = ANY ($4::text[])
                    AND ($5::text IS NULL OR failure_kind = $5::text) AND served
                    AND (SELECT small FROM slice)
                  ORDER BY (embedding <=> $3::real[]::vector) + 0
                  LIMIT $6)
                UNION ALL
                (SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, embedding,
                        1 - (embedding <=> $3::real[]::vector)
                   FROM success_index
                  WHERE namespace = $1 AND task_type = $2 AND outcome = ANY ($4::text[])
                    AND ($5::text IS NULL OR failure_kind = $5::text) AND served
                    AND ann AND NOT (SELECT small FROM slice)
                  ORDER BY embedding <=> $3::real[]::vector
                  LIMIT $6)
                UNION ALL
                (SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, embedding,
                        1 - (embedding <=> $3::real[]::vector)
                   FROM success_index
                  WHERE namespace = $1 AND task_type = $2 AND outcome = ANY ($4::text[])
                    AND ($5::text IS NULL OR failure_kind = $5::text) AND served
                    AND NOT ann AND NOT (SELECT small FROM slice)
                  ORDER BY (embedding <=> $3::real[]::vector) + 0
                  LIMIT $6)) u
         WHERE u.similarity >= $7
         ORDER BY u.similarity DESC, u.id
         LIMIT $6) s
  JOIN experiences e ON e.id = s.id
  LEFT JOIN memory_utility u ON u.experience_id = s.id
 ORDER BY s.similarity DESC, s.id
