// MEMBER_OF edges of a projection batch (its task types already exist).
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
MATCH (t:TaskType {namespace: $namespace, name: r.task_type})
MERGE (e)-[:MEMBER_OF]->(t)
