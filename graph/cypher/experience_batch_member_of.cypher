// MEMBER_OF edges of a projection batch (its task types already exist).
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
MATCH (t:TaskType {namespace: $namespace, name: r.task_type})
USING INDEX t:TaskType(namespace, name)
MERGE (e)-[:MEMBER_OF]->(t)
