UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
MATCH (o:Operation {namespace: $namespace, name: r.name})
USING INDEX o:Operation(namespace, name)
MERGE (e)-[:USES_OPERATION {position: r.position}]->(o)
