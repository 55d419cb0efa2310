INSERT INTO experience_similar (namespace, experience_id, similar_id, cosine)
SELECT $1, $2, s.id, s.cosine
FROM unnest($3::uuid[], $4::float8[]) AS s(id, cosine)
ON CONFLICT (namespace, experience_id, similar_id) DO UPDATE SET cosine = EXCLUDED.cosine
