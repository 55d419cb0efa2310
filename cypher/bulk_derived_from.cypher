UNWIND $rows AS r
MATCH (a:Experience {namespace: $namespace, id: r.from})
MATCH (b:Experience {namespace: $namespace, id: r.to})
MERGE (a)-[:DERIVED_FROM]->(b)
