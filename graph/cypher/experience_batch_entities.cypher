// The entities of a projection batch, sorted by name, created when
// resolution found them new.
UNWIND $rows AS en
MERGE (x:Entity {namespace: $namespace, name: en.name})
  ON CREATE SET x.id = en.id, x.type = en.type, x.embedding = en.embedding, x.created_at = datetime()
