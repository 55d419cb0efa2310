MERGE (x:Entity {namespace: $namespace, name: $name})
  ON CREATE SET x.id = $id, x.type = $type, x.created_at = datetime()
  ON MATCH SET x.type = CASE WHEN $type = '' THEN x.type ELSE $type END
RETURN x.name AS name, x.type AS type, x.id AS id
