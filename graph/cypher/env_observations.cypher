MATCH (o:Observation)-[:OBSERVES]->(x:EnvEntity {namespace: $namespace, name: $name})
RETURN o {.*} AS observation
ORDER BY o.created_at, o.id
