-- SIMILAR_TO candidates: the K nearest experiences of one (namespace, task
-- type) slice in both channels, ids and cosine similarities only (no
-- payload). Both equalities prune each channel to one partition.
-- $1 namespace, $2 task type, $3 query vector, $4 K, $5 minimum similarity.
SELECT id, similarity
  FROM ((SELECT id, 1 - (embedding <=> $3::real[]::vector) AS similarity
           FROM success_index
          WHERE namespace = $1 AND task_type = $2
          ORDER BY embedding <=> $3::real[]::vector
          LIMIT $4)
        UNION ALL
        (SELECT id, 1 - (embedding <=> $3::real[]::vector)
           FROM failure_index
          WHERE namespace = $1 AND task_type = $2
          ORDER BY embedding <=> $3::real[]::vector
          LIMIT $4)) n
 WHERE similarity >= $5
 ORDER BY similarity DESC, id
 LIMIT $4
