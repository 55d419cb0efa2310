// A relation between environment entities; its name is a property, never a type.
MATCH (a:EnvEntity {namespace: $namespace, name: $from})
MATCH (b:EnvEntity {namespace: $namespace, name: $to})
MERGE (a)-[r:ENV_RELATION {name: $relation}]->(b)
RETURN count(r) AS linked
