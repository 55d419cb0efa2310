// Candidates for a structural match within one task type: among its newest
// $window experiences (read newest first from the (namespace, task_type,
// id) index), those sharing steps with the query signature, ranked as in
// experience_signature_candidates.
MATCH (e:Experience)
USING INDEX SEEK e:Experience(namespace, task_type, id)
WHERE e.namespace = $namespace AND e.task_type = $task_type AND e.id > ''
WITH e
ORDER BY e.namespace DESC, e.task_type DESC, e.id DESC
LIMIT $window
WITH e, size([op IN e.signature WHERE op IN $ops]) AS hits
WHERE hits > 0
WITH e, hits, CASE WHEN size(e.signature) < $length THEN size(e.signature) ELSE $length END AS shortest
WHERE hits >= $threshold * shortest - 0.000001
ORDER BY hits DESC, e.id DESC
LIMIT $limit
RETURN collect({id: e.id, task_type: e.task_type, outcome: e.outcome, signature: e.signature}) AS candidates
