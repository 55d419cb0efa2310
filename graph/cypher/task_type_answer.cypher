// Declares how a task type's questions are answered (creating the task type;
// an empty description keeps the one it has).
MERGE (t:TaskType {namespace: $namespace, name: $name})
  ON CREATE SET t.id = $id, t.description = $description, t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
  ON MATCH SET t.description = CASE WHEN $description = '' THEN t.description ELSE $description END
SET t.answer_mode = $mode, t.answer_choices = $choices
RETURN t {.*} AS task_type
