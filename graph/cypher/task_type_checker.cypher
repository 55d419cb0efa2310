// Declares a task type's checker, or removes it when $pattern is null
// (creating the task type).
MERGE (t:TaskType {namespace: $namespace, name: $name})
  ON CREATE SET t.id = $id, t.description = '', t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
SET t.checker_pattern = $pattern, t.checker_code = $code, t.checker_example = $example
RETURN t {.*} AS task_type
