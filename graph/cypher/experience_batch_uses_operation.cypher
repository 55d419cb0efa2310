// The signatures of a projection batch: one USES_OPERATION per position.
UNWIND $rows AS s
MATCH (e:Experience {namespace: $namespace, id: s.id})
USING INDEX e:Experience(namespace, id)
MATCH (o:Operation {namespace: $namespace, name: s.name})
USING INDEX o:Operation(namespace, name)
MERGE (e)-[:USES_OPERATION {position: s.position}]->(o)
