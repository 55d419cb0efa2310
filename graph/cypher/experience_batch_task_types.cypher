// The task types of a projection batch, sorted by name so that concurrent
// batches lock them in one order. Each adds the batch's freshly created
// experiences to its per-class memory counters (zero for a retry).
UNWIND $rows AS r
MERGE (t:TaskType {namespace: $namespace, name: r.name})
  ON CREATE SET t.id = r.id, t.description = '', t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
WITH t, r
WHERE r.principle + r.failure_memory + r.success_memory + r.retrieval_recipe + r.abstracted_pattern > 0
SET t.memories_principle = coalesce(t.memories_principle, 0) + r.principle,
    t.memories_failure_memory = coalesce(t.memories_failure_memory, 0) + r.failure_memory,
    t.memories_success_memory = coalesce(t.memories_success_memory, 0) + r.success_memory,
    t.memories_retrieval_recipe = coalesce(t.memories_retrieval_recipe, 0) + r.retrieval_recipe,
    t.memories_abstracted_pattern = coalesce(t.memories_abstracted_pattern, 0) + r.abstracted_pattern
