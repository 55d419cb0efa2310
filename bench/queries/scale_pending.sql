-- Of the given experiences, how many are not yet committed or failed; of the
-- given runs, how many are still queued or running.
SELECT (SELECT count(*) FROM experiences WHERE id = ANY($1) AND status NOT IN ('committed', 'failed')),
       (SELECT count(*) FROM evolution_runs WHERE id = ANY($2) AND status IN ('queued', 'running'))
