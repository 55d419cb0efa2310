-- The indexed embeddings of the given experiences, from whichever index
-- holds them (success, failure or principle).
SELECT id, embedding::real[] FROM success_index WHERE namespace = $1 AND id = ANY ($2::uuid[])
UNION ALL
SELECT id, embedding::real[] FROM failure_index WHERE namespace = $1 AND id = ANY ($2::uuid[])
UNION ALL
SELECT id, embedding::real[] FROM principle_embeddings WHERE namespace = $1 AND id = ANY ($2::uuid[])
