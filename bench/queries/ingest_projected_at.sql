-- When each of the run's experiences reached the graph, in µs since the
-- epoch, for the lag from the client's send.
SELECT id, (extract(epoch FROM projected_at) * 1000000)::bigint
FROM experiences
WHERE namespace = $1 AND projected_at IS NOT NULL
