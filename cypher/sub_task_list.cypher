MATCH (e:Experience {namespace: $namespace, id: $experience_id})-[:HAS_SUBTASK]->(st:SubTask)
RETURN st {.*} AS sub_task
ORDER BY st.position
