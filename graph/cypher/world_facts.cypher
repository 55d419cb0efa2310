// The G_env facts the learner reads (cascade component E): the relations
// within three hops of the entities a question names, nearest first, then
// the rest of the namespace's environment subgraph (the map, ranked 4), at
// most $limit relations.
CALL {
  MATCH (s:WorldEntity {namespace: $namespace})
  WHERE s.name IN $names
  MATCH p = (s)-[:WORLD_RELATION*1..3]->(:WorldEntity)
  RETURN last(relationships(p)) AS r, length(p) AS hops
  UNION ALL
  MATCH (:WorldEntity {namespace: $namespace})-[r:WORLD_RELATION]->(:WorldEntity)
  RETURN r, 4 AS hops
}
WITH r, min(hops) AS hops
WITH startNode(r) AS a, r, endNode(r) AS b, hops
RETURN a.name AS from, r.name AS relation, b.name AS to, hops
ORDER BY hops, from, relation, to
LIMIT $limit
