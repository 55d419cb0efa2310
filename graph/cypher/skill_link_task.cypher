// Links a skill to the task type it serves, creating the task type if needed.
MATCH (s:Skill {namespace: $namespace, name: $skill})
MERGE (t:TaskType {namespace: $namespace, name: $task_type})
  ON CREATE SET t.id = $id, t.description = '', t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
MERGE (s)-[:SKILL_FOR_TASK]->(t)
RETURN s.name AS skill
