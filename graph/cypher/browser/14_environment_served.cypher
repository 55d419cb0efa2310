// What the learner is served from G_env for an episode (the cascade's
// component E): the entities its prompt names (the goal's object and
// target, the start room and its doors) and the relations within three
// hops of them, the facts E lists first. Set the names first:
//   :param names => ['rope', 'drawer', 'cellar']
MATCH (s:WorldEntity {namespace: $namespace})
WHERE s.name IN $names
MATCH served = (s)-[:WORLD_RELATION*1..3]->(:WorldEntity)
RETURN served
LIMIT 300
