// Bulk loading: PREREQUISITE_OF edges; the caller guarantees acyclicity.
UNWIND $rows AS r
MATCH (a:Skill {namespace: $namespace, name: r.from})
MATCH (b:Skill {namespace: $namespace, name: r.to})
MERGE (a)-[:PREREQUISITE_OF]->(b)
