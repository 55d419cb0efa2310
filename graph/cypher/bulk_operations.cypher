UNWIND $rows AS r
MERGE (o:Operation {namespace: $namespace, name: r.name})
  ON CREATE SET o.id = r.id, o.created_at = datetime()
