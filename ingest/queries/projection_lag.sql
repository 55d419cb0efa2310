-- The namespace's projection backlog: how many experiences wait for their
-- graph projection, and how long the oldest has waited since it was
-- accepted, in seconds (0 when none waits). Served by the partial index
-- experiences_queued_age.
SELECT count(*), coalesce(extract(epoch FROM clock_timestamp() - min(created_at)), 0)::float8
FROM experiences
WHERE namespace = $1 AND status = 'queued'
