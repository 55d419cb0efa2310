-- Work still writing to a namespace: queued or running runs, experiences
-- not yet committed (or failed), tools and agents not yet in the graph. An
-- export waits until there is none, since the job queue does not move.
SELECT (SELECT count(*) FROM evolution_runs WHERE namespace = $1 AND status IN ('queued', 'running'))
     + (SELECT count(*) FROM epoch_runs WHERE namespace = $1 AND status IN ('queued', 'running')) AS runs,
       (SELECT count(*) FROM experiences WHERE namespace = $1 AND status NOT IN ('committed', 'failed'))
     + (SELECT count(*) FROM tools WHERE namespace = $1 AND projected_at IS NULL)
     + (SELECT count(*) FROM expert_agents WHERE namespace = $1 AND projected_at IS NULL) AS writes
