-- Records the SIMILAR_TO candidates of a batch of experiences.
INSERT INTO experience_similar (namespace, experience_id, similar_id, cosine)
SELECT $1, s.experience_id, s.similar_id, s.cosine
FROM unnest($2::uuid[], $3::uuid[], $4::float8[]) AS s(experience_id, similar_id, cosine)
ON CONFLICT (namespace, experience_id, similar_id) DO UPDATE SET cosine = EXCLUDED.cosine
