SELECT record, status, status_reason, updated_at, projected_at
FROM experiences
WHERE namespace = $1
  AND id > $2
  AND ($3 = '' OR outcome = $3)
  AND ($4 = '' OR task_type = $4)
  AND ($5 = '' OR status = $5)
ORDER BY id
LIMIT $6
