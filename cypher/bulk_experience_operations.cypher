UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
MATCH (o:Operation {namespace: $namespace, name: r.name})
MERGE (e)-[:USES_OPERATION {position: r.position}]->(o)
