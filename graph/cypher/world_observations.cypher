MATCH (o:Observation)-[:OBSERVES]->(x:WorldEntity {namespace: $namespace, name: $name})
RETURN o {.*} AS observation
ORDER BY o.created_at, o.id
