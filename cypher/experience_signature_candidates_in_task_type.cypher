// Candidates for a structural match within one task type: its experiences
// sharing operations with the query signature (walked from the task type,
// cheaper than filtering every step of a common operation). hits bounds the
// LCS from above, as in experience_signature_candidates.
MATCH (o:Operation {namespace: $namespace})
WHERE o.name IN $ops
WITH collect(o) AS query_ops
MATCH (:TaskType {namespace: $namespace, name: $task_type})<-[:MEMBER_OF]-(e:Experience)-[r:USES_OPERATION]->(o)
WHERE o IN query_ops
WITH e, count(r) AS hits
WITH e, hits, CASE WHEN size(e.signature) < $length THEN size(e.signature) ELSE $length END AS shortest
WHERE hits >= $threshold * shortest - 0.000001
ORDER BY hits DESC, e.id
LIMIT $limit
RETURN collect({id: e.id, task_type: e.task_type, outcome: e.outcome, signature: e.signature}) AS candidates
