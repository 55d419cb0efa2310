// Direct neighbours of the seeds over DERIVED_FROM and STRUCTURALLY_SIMILAR_TO
// (USES_ENTITY needs 2 hops to reach another experience), as one list.
UNWIND $seeds AS sid
MATCH (s:Experience {namespace: $namespace, id: sid})
USING INDEX s:Experience(namespace, id)
MATCH (s)-[:DERIVED_FROM|STRUCTURALLY_SIMILAR_TO]-(n:Experience)
WITH DISTINCT s, n
WHERE n <> s
RETURN collect({id: n.id, task_type: n.task_type, outcome: n.outcome, seed: s.id, hops: 1}) AS neighbors
