// G_env, the environment subgraph the Explorer fills: the entities it met
// (rooms, containers, objects), their named relations (ENV_RELATION, captioned
// by name: door_to, in) and the observations that showed each entity.
MATCH (x:EnvEntity {namespace: $namespace})
OPTIONAL MATCH related = (x)-[:ENV_RELATION]->(:EnvEntity)
OPTIONAL MATCH seen = (:Observation)-[:OBSERVES]->(x)
RETURN x, related, seen
LIMIT 300
