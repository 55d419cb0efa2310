-- SIMILAR_TO candidates: the K nearest experiences of one (namespace, task
-- type) slice in both channels, ids and cosine similarities only (no
-- payload). Both equalities prune each channel to one partition.
-- A slice of fewer than $6 rows is scanned exactly; for a larger one the
-- planner picks, by its estimate, the partition's HNSW index (pgvector
-- iterative scan) or the slice's btree. Small is decided on the slice's
-- counted size, not on the planner's estimate: a partition's
-- HNSW graph is shared by every namespace hashed to it, and when other
-- namespaces hold many copies of a vector the graph can leave a small
-- slice's rows unreachable (measured: 1 of 2 identical rows found beside
-- 2,000 copies in another namespace). Each gate is a one-time filter, so
-- only one branch runs.
-- $1 namespace, $2 task type, $3 query vector, $4 K, $5 minimum similarity,
-- $6 exact-scan bound.
WITH slice AS MATERIALIZED (
    SELECT (SELECT count(*) FROM (SELECT 1 FROM success_index
                                   WHERE namespace = $1 AND task_type = $2 LIMIT $6) c) < $6 AS success_small,
           (SELECT count(*) FROM (SELECT 1 FROM failure_index
                                   WHERE namespace = $1 AND task_type = $2 LIMIT $6) c) < $6 AS failure_small)
SELECT id, similarity
  FROM ((SELECT id, 1 - (embedding <=> $3::real[]::vector) AS similarity
           FROM success_index
          WHERE namespace = $1 AND task_type = $2 AND (SELECT success_small FROM slice)
          ORDER BY (embedding <=> $3::real[]::vector) + 0
          LIMIT $4)
        UNION ALL
        (SELECT id, 1 - (embedding <=> $3::real[]::vector)
           FROM success_index
          WHERE namespace = $1 AND task_type = $2 AND NOT (SELECT success_small FROM slice)
          ORDER BY embedding <=> $3::real[]::vector
          LIMIT $4)
        UNION ALL
        (SELECT id, 1 - (embedding <=> $3::real[]::vector)
           FROM failure_index
          WHERE namespace = $1 AND task_type = $2 AND (SELECT failure_small FROM slice)
          ORDER BY (embedding <=> $3::real[]::vector) + 0
          LIMIT $4)
        UNION ALL
        (SELECT id, 1 - (embedding <=> $3::real[]::vector)
           FROM failure_index
          WHERE namespace = $1 AND task_type = $2 AND NOT (SELECT failure_small FROM slice)
          ORDER BY embedding <=> $3::real[]::vector
          LIMIT $4)) n
 WHERE similarity >= $5
 ORDER BY similarity DESC, id
 LIMIT $4
