// Records the curriculum's view of a task type at a selection: the reward
// stream's totals ($seen answers graded, $failed of them failed) and the
// step it was last selected at ($k; k_last only moves forward).
MERGE (t:TaskType {namespace: $namespace, name: $name})
  ON CREATE SET t.id = $id, t.description = '', t.k_last = 0, t.created_at = datetime()
SET t.n_seen = $seen,
    t.n_fail = $failed,
    t.k_last = CASE WHEN $k > t.k_last THEN $k ELSE t.k_last END
RETURN t {.*} AS task_type
