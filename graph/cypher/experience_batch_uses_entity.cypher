// USES_ENTITY edges of a projection batch.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
MATCH (x:Entity {namespace: $namespace, name: r.name})
USING INDEX x:Entity(namespace, name)
MERGE (e)-[:USES_ENTITY]->(x)
