// RELATES_TO: an entity-property association (the property names the relation).
MATCH (a:Entity {namespace: $namespace, name: $from})
MATCH (b:Entity {namespace: $namespace, name: $to})
MERGE (a)-[r:RELATES_TO {property: $property}]->(b)
RETURN count(r) AS linked
