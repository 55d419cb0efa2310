// The two entities closest to an embedding (see operation_candidates).
MATCH (x:Entity {namespace: $namespace})
WHERE x.embedding IS NOT NULL AND size(x.embedding) = size($embedding)
WITH x, 2 * vector.similarity.cosine(x.embedding, $embedding) - 1 AS cosine
ORDER BY cosine DESC, x.name
LIMIT 2
RETURN x.name AS name, cosine
