MATCH (e:Experience {namespace: $namespace, id: $id})
MERGE (t:TaskType {namespace: $namespace, name: $task_type})
  ON CREATE SET t.id = $task_type_id, t.description = '', t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
MERGE (e)-[:MEMBER_OF]->(t)
