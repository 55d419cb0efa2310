-- Every experience row of a namespace: id, question and status, for the
-- replica benchmark's exactly-once checks.
SELECT id, coalesce(record->>'question', ''), status, projected_at
FROM experiences
WHERE namespace = $1
