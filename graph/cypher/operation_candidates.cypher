// The two operations closest to an embedding (exact cosine over the
// namespace's vocabulary; vector.similarity.cosine is (1 + cos) / 2).
MATCH (o:Operation {namespace: $namespace})
WHERE o.embedding IS NOT NULL AND size(o.embedding) = size($embedding)
WITH o, 2 * vector.similarity.cosine(o.embedding, $embedding) - 1 AS cosine
ORDER BY cosine DESC, o.name
LIMIT 2
RETURN o.name AS name, cosine
