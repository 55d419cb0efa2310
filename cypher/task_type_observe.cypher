// Records the curriculum statistics of one iteration for a task type:
// $seen items observed, $failed of them failed, at iteration $k.
MERGE (t:TaskType {namespace: $namespace, name: $name})
  ON CREATE SET t.id = $id, t.description = '', t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
SET t.n_seen = t.n_seen + $seen,
    t.n_fail = t.n_fail + $failed,
    t.k_last = CASE WHEN $k > t.k_last THEN $k ELSE t.k_last END
RETURN t {.*} AS task_type
