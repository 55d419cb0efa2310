-- The active (queued or running) background runs in the namespaces of a
-- tenant: those key $1 created, or namespace $2 alone when $1 is NULL.
-- Tasks an epoch run started count as their run.
WITH members AS (
    SELECT name FROM namespaces WHERE created_by = $1
    UNION
    SELECT $2::text WHERE $1::uuid IS NULL
)
SELECT (SELECT count(*) FROM evolution_runs WHERE namespace IN (SELECT name FROM members) AND status IN ('queued', 'running'))
     + (SELECT count(*) FROM epoch_runs WHERE namespace IN (SELECT name FROM members) AND status IN ('queued', 'running'))
     + (SELECT count(*) FROM tasks WHERE namespace IN (SELECT name FROM members) AND batch_id IS NULL AND status IN ('queued', 'running'))
