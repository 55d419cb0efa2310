// An entity of the environment subgraph met by an explorer.
MERGE (x:EnvEntity {namespace: $namespace, name: $name})
  ON CREATE SET x.id = $id, x.kind = $kind, x.created_at = datetime()
  ON MATCH SET x.kind = CASE WHEN $kind = '' THEN x.kind ELSE $kind END
RETURN x {.*} AS entity
