// The operations of a projection batch, sorted by name, created when
// resolution found them new.
UNWIND $rows AS op
MERGE (o:Operation {namespace: $namespace, name: op.name})
  ON CREATE SET o.id = op.id, o.embedding = op.embedding, o.created_at = datetime()
