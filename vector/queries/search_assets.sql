-- Top-K assets of a namespace by cosine similarity. $1 namespace, $2 query
-- vector, $3 kind (NULL = any), $4 K.
SELECT id, kind, name, description, validated, 1 - (embedding <=> $2::real[]::vector) AS similarity
  FROM asset_embeddings
 WHERE namespace = $1 AND ($3::text IS NULL OR kind = $3::text)
 ORDER BY embedding <=> $2::real[]::vector
 LIMIT $4
