// USES_ENTITY edges of a projection batch.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
MATCH (x:Entity {namespace: $namespace, name: r.name})
MERGE (e)-[:USES_ENTITY]->(x)
