// Outgoing RELATES_TO, EQUIVALENT_TO and incoming USES of one entity.
MATCH (x:Entity {namespace: $namespace, name: $name})
OPTIONAL MATCH (x)-[r:RELATES_TO|EQUIVALENT_TO]-(y:Entity)
WITH x, collect(DISTINCT {type: type(r), property: r.property, other: y.name}) AS rels
OPTIONAL MATCH (o:Operation)-[:USES]->(x)
RETURN rels, collect(o.name) AS used_by
