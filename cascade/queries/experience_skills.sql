SELECT id, coalesce(record->>'skill', '')
FROM experiences
WHERE namespace = $1 AND id = ANY($2::uuid[])
