-- SIMILAR_TO candidates in the success channel of a slice that Neighbors
-- counted large (slice_sizes): the planner picks, by its estimate, the
-- partition's HNSW index (pgvector iterative scan) or the slice's btree.
-- Ids and cosine similarities only.
-- $1 namespace, $2 task type, $3 query vector, $4 K, $5 minimum similarity.
SELECT id, similarity
  FROM (SELECT id, 1 - (embedding <=> $3::real[]::vector) AS similarity
          FROM success_index
         WHERE namespace = $1 AND task_type = $2
         ORDER BY embedding <=> $3::real[]::vector
         LIMIT $4) n
 WHERE similarity >= $5
