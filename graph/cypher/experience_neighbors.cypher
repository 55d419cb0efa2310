// Experiences within 2 hops of the seeds over DERIVED_FROM, USES_ENTITY and
// STRUCTURALLY_SIMILAR_TO, in either direction, as one list. The distinct
// end nodes let the planner expand breadth-first with pruning instead of
// enumerating every path; a node is 1 hop away when it is a direct
// neighbour, else 2. The caller drops seeds reached from other seeds.
UNWIND $seeds AS sid
MATCH (s:Experience {namespace: $namespace, id: sid})
USING INDEX s:Experience(namespace, id)
CALL (s) {
  MATCH (s)-[:DERIVED_FROM|USES_ENTITY|STRUCTURALLY_SIMILAR_TO]-(near:Experience)
  RETURN collect(DISTINCT near) AS near
}
MATCH (s)-[:DERIVED_FROM|USES_ENTITY|STRUCTURALLY_SIMILAR_TO*1..2]-(n:Experience)
WITH DISTINCT s, near, n
WHERE n <> s
RETURN collect({id: n.id, task_type: n.task_type, outcome: n.outcome, seed: s.id,
                hops: CASE WHEN n IN near THEN 1 ELSE 2 END}) AS neighbors
