-- The records of the given experiences that still wait for their embedding.
SELECT record FROM experiences
WHERE namespace = $1 AND id = ANY ($2::uuid[]) AND status = 'embedding'
ORDER BY id
