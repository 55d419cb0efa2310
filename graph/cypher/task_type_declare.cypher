// Declares how a task type's questions are answered and checked (creating
// the task type; an empty description keeps the one it has; a null
// $pattern removes the checker).
MERGE (t:TaskType {namespace: $namespace, name: $name})
  ON CREATE SET t.id = $id, t.description = $description, t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
  ON MATCH SET t.description = CASE WHEN $description = '' THEN t.description ELSE $description END
SET t.answer_mode = $mode, t.answer_choices = $choices,
    t.checker_pattern = $pattern, t.checker_code = $code, t.checker_example = $example
RETURN t {.*} AS task_type
