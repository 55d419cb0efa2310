SELECT record, status, status_reason, updated_at, projected_at
FROM experiences
WHERE namespace = $1 AND id = $2
