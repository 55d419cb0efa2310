// Creates a task type or updates its description (an empty one keeps it).
MERGE (t:TaskType {namespace: $namespace, name: $name})
  ON CREATE SET t.id = $id, t.description = $description, t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
  ON MATCH SET t.description = CASE WHEN $description = '' THEN t.description ELSE $description END
RETURN t {.*} AS task_type
