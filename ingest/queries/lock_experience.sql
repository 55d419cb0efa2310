-- The record and status of the experience a projection job is for, locked
-- until the job's transaction ends; nothing when another batch holds it.
SELECT record, status
FROM experiences
WHERE namespace = $1 AND id = $2
FOR UPDATE SKIP LOCKED
