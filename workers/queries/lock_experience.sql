-- The record and status of the experience a projection job is for, locked
-- until the job's transaction ends (a batch of another process may hold it).
SELECT record, status
FROM experiences
WHERE namespace = $1 AND id = $2
FOR UPDATE
