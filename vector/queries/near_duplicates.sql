-- Pairs of near-duplicate memories among the ids of one namespace: cosine
-- similarity of their embeddings at least $3, whichever index holds them
-- (success, failure, principle). $1 namespace, $2 ids, $3 minimum similarity.
WITH v AS (
    SELECT id, embedding FROM success_index WHERE namespace = $1 AND id = ANY ($2::uuid[])
    UNION ALL
    SELECT id, embedding FROM failure_index WHERE namespace = $1 AND id = ANY ($2::uuid[])
    UNION ALL
    SELECT id, embedding FROM principle_embeddings WHERE namespace = $1 AND id = ANY ($2::uuid[]))
SELECT a.id, b.id
  FROM v a
  JOIN v b ON a.id < b.id
 WHERE 1 - (a.embedding <=> b.embedding) >= $3
