// USES: an operation works on a property (an entity of type property).
MATCH (o:Operation {namespace: $namespace, name: $operation})
MERGE (x:Entity {namespace: $namespace, name: $property})
  ON CREATE SET x.id = $id, x.type = 'property', x.created_at = datetime()
MERGE (o)-[r:USES]->(x)
RETURN count(r) AS linked
