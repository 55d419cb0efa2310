// An observation context recorded by an explorer, linked to what it observed.
MERGE (o:Observation {namespace: $namespace, id: $id})
  ON CREATE SET o.context = $context, o.content = $content, o.created_at = datetime()
WITH o
UNWIND $entities AS en
MERGE (x:WorldEntity {namespace: $namespace, name: en.name})
  ON CREATE SET x.id = en.id, x.kind = '', x.created_at = datetime()
MERGE (o)-[:OBSERVES]->(x)
RETURN count(x) AS linked
