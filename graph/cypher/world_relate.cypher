// A relation between world entities; its name is a property, never a type.
MATCH (a:WorldEntity {namespace: $namespace, name: $from})
MATCH (b:WorldEntity {namespace: $namespace, name: $to})
MERGE (a)-[r:WORLD_RELATION {name: $relation}]->(b)
RETURN count(r) AS linked
