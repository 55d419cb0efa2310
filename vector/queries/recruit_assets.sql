-- Validated assets of a kind whose cosine similarity to the query vector is
-- at least a threshold, best first. $1 namespace, $2 query vector, $3 kind,
-- $4 threshold, $5 K.
SELECT id, kind, name, description, validated, similarity
  FROM (SELECT id, kind, name, description, validated, 1 - (embedding <=> $2::real[]::vector) AS similarity
          FROM asset_embeddings
         WHERE namespace = $1 AND kind = $3 AND validated
         ORDER BY embedding <=> $2::real[]::vector
         LIMIT $5) best
 WHERE similarity >= $4
 ORDER BY similarity DESC
