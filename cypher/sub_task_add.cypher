// A decomposed sub-problem of an experience (APEX-EM Sub-Task), in order.
MATCH (e:Experience {namespace: $namespace, id: $experience_id})
MERGE (st:SubTask {namespace: $namespace, id: $id})
  ON CREATE SET st.description = $description, st.position = $position, st.operation = $operation, st.created_at = datetime()
MERGE (e)-[:HAS_SUBTASK {position: $position}]->(st)
RETURN st.id AS id
