// Experiences within $max_hops (at most 2) of the seeds over DERIVED_FROM,
// USES_ENTITY and STRUCTURALLY_SIMILAR_TO, in either direction, with the
// fewest hops per (experience, seed).
UNWIND $seeds AS sid
MATCH (s:Experience {namespace: $namespace, id: sid})
MATCH path = (s)-[:DERIVED_FROM|USES_ENTITY|STRUCTURALLY_SIMILAR_TO*1..2]-(n:Experience)
WHERE n <> s AND NOT n.id IN $seeds AND length(path) <= $max_hops
RETURN n.id AS id, n.task_type AS task_type, n.outcome AS outcome, s.id AS seed, min(length(path)) AS hops
