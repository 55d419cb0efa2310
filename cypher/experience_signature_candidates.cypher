// Candidates for a structural match: experiences sharing operations with the
// query signature. hits (steps on a query operation) bounds the LCS from
// above, so candidates that cannot reach the threshold are dropped here and
// the exact LCS is computed by the caller.
MATCH (o:Operation {namespace: $namespace})
WHERE o.name IN $ops
MATCH (o)<-[r:USES_OPERATION]-(e:Experience)
WHERE ($task_type = '' OR e.task_type = $task_type) AND e.id <> $exclude
WITH e, count(r) AS hits
WITH e, hits, CASE WHEN size(e.signature) < $length THEN size(e.signature) ELSE $length END AS shortest
WHERE hits >= $threshold * shortest - 0.000001
RETURN e.id AS id, e.task_type AS task_type, e.outcome AS outcome, e.signature AS signature
ORDER BY hits DESC, id
LIMIT $limit
