SELECT record
FROM experiences
WHERE namespace = $1 AND status = 'committed' AND id > $2
ORDER BY id
LIMIT $3
