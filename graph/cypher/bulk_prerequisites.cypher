// Bulk loading: PREREQUISITE_OF edges; the caller guarantees acyclicity.
UNWIND $rows AS r
MATCH (a:Skill {namespace: $namespace, name: r.from})
USING INDEX a:Skill(namespace, name)
MATCH (b:Skill {namespace: $namespace, name: r.to})
USING INDEX b:Skill(namespace, name)
MERGE (a)-[:PREREQUISITE_OF]->(b)
