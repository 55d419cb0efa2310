// An entity of the world subgraph (G_env) met by an explorer.
MERGE (x:WorldEntity {namespace: $namespace, name: $name})
  ON CREATE SET x.id = $id, x.kind = $kind, x.created_at = datetime()
  ON MATCH SET x.kind = CASE WHEN $kind = '' THEN x.kind ELSE $kind END
RETURN x {.*} AS entity
