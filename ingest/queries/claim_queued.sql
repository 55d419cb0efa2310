-- Claims up to $3 other queued experiences of the namespace, oldest first,
-- for one batched projection: locked until the claiming transaction ends,
-- skipping the rows other batches or jobs hold.
SELECT record
FROM experiences
WHERE namespace = $1 AND status = 'queued' AND id <> $2
ORDER BY id
LIMIT $3
FOR UPDATE SKIP LOCKED
