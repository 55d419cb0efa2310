// Bulk loading (benchmarks, fixtures): no caps, no resolution, no cycle check.
UNWIND $rows AS r
MERGE (t:TaskType {namespace: $namespace, name: r.name})
  ON CREATE SET t.id = r.id, t.description = '', t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
