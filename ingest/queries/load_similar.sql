SELECT similar_id, cosine
FROM experience_similar
WHERE namespace = $1 AND experience_id = $2
ORDER BY cosine DESC, similar_id
