-- SIMILAR_TO candidates in the success channel of a slice that Neighbors
-- counted small (slice_sizes): an exact scan (the "+ 0" keeps the HNSW
-- index out), ids and cosine similarities only. See neighbors_success_ann.sql.
-- $1 namespace, $2 task type, $3 query vector, $4 K, $5 minimum similarity.
SELECT id, similarity
  FROM (SELECT id, 1 - (embedding <=> $3::real[]::vector) AS similarity
          FROM success_index
         WHERE namespace = $1 AND task_type = $2
         ORDER BY (embedding <=> $3::real[]::vector) + 0
         LIMIT $4) n
 WHERE similarity >= $5
