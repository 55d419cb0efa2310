// Candidates for a structural match within one task type: among its newest
// $window experiences (read newest first from the (namespace, task_type,
// id) index), the served ones (state active, as package utility's rows are
// mirrored onto the nodes; filtered before the limit, so memories not
// served never take a candidate's place) sharing steps with the query
// signature. hits, the candidate's steps on a query operation, bounds the
// LCS from above: candidates that cannot reach the threshold are dropped
// here, the exact LCS is computed by the caller. Ties go to the newest.
// (Across task types the same ranking runs in memory:
// graph.structuralMatcher.)
MATCH (e:Experience)
USING INDEX SEEK e:Experience(namespace, task_type, id)
WHERE e.namespace = $namespace AND e.task_type = $task_type AND e.id > ''
WITH e
ORDER BY e.namespace DESC, e.task_type DESC, e.id DESC
LIMIT $window
WITH e, size([op IN e.signature WHERE op IN $ops]) AS hits
WHERE hits > 0 AND coalesce(e.state, 'active') = 'active'
WITH e, hits, CASE WHEN size(e.signature) < $length THEN size(e.signature) ELSE $length END AS shortest
WHERE hits >= $threshold * shortest - 0.000001
ORDER BY hits DESC, e.id DESC
LIMIT $limit
RETURN collect({id: e.id, task_type: e.task_type, outcome: e.outcome, signature: e.signature}) AS candidates
