// G_env, the environment subgraph the Explorer fills: the entities it met
// (rooms, containers, objects), their named relations (WORLD_RELATION, captioned
// by name: door_to, in) and the observations that showed each entity.
MATCH (x:WorldEntity {namespace: $namespace})
OPTIONAL MATCH related = (x)-[:WORLD_RELATION]->(:WorldEntity)
OPTIONAL MATCH seen = (:Observation)-[:OBSERVES]->(x)
RETURN x, related, seen
LIMIT 300
