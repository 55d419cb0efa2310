UNWIND $rows AS r
MERGE (x:Entity {namespace: $namespace, name: r.name})
  ON CREATE SET x.id = r.id, x.type = r.type, x.created_at = datetime()
