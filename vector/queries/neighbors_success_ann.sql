-- SIMILAR_TO candidates in the success channel of a slice that Neighbors
-- counted large (slice_sizes): the top K of the rows in the
-- partition's HNSW index (ann), where the planner's estimate says, through
-- the index (pgvector iterative scan) or the slice's btree, merged with the
-- exact top K of the slice's tail (NOT ann; see search_success.sql).
-- Ids and cosine similarities only.
-- $1 namespace, $2 task type, $3 query vector, $4 K, $5 minimum similarity.
SELECT id, similarity
  FROM ((SELECT id, 1 - (embedding <=> $3::real[]::vector) AS similarity
           FROM success_index
          WHERE namespace = $1 AND task_type = $2 AND ann
          ORDER BY embedding <=> $3::real[]::vector
          LIMIT $4)
        UNION ALL
        (SELECT id, 1 - (embedding <=> $3::real[]::vector)
           FROM success_index
          WHERE namespace = $1 AND task_type = $2 AND NOT ann
          ORDER BY (embedding <=> $3::real[]::vector) + 0
          LIMIT $4)) n
 WHERE similarity >= $5
