// Candidates for a structural match: experiences of any task type sharing
// operations with the query signature (only experiences have USES_OPERATION,
// so the end node needs no label test). hits, the steps on a query
// operation, bounds the LCS from above: candidates that cannot reach the
// threshold are dropped here, the exact LCS is computed by the caller (which
// also drops the experience being projected itself).
MATCH (o:Operation {namespace: $namespace})
WHERE o.name IN $ops
MATCH (o)<-[r:USES_OPERATION]-(e)
WITH e, count(r) AS hits
WITH e, hits, CASE WHEN size(e.signature) < $length THEN size(e.signature) ELSE $length END AS shortest
WHERE hits >= $threshold * shortest - 0.000001
ORDER BY hits DESC, e.id
LIMIT $limit
RETURN collect({id: e.id, task_type: e.task_type, outcome: e.outcome, signature: e.signature}) AS candidates
