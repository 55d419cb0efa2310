MATCH (e:Experience {namespace: $namespace, id: $id})
UNWIND $entities AS en
MERGE (x:Entity {namespace: $namespace, name: en.name})
  ON CREATE SET x.id = en.id, x.type = en.type, x.embedding = en.embedding, x.created_at = datetime()
MERGE (e)-[:USES_ENTITY]->(x)
