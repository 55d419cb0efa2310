// MEMBER_OF the task type (created if needed). A freshly created experience
// is counted once into its task type's per-class memory counter.
MATCH (e:Experience {namespace: $namespace, id: $id})
MERGE (t:TaskType {namespace: $namespace, name: $task_type})
  ON CREATE SET t.id = $task_type_id, t.description = '', t.n_seen = 0, t.n_fail = 0, t.k_last = 0, t.created_at = datetime()
MERGE (e)-[:MEMBER_OF]->(t)
WITH t, e
WHERE $fresh
SET t.memories_principle = coalesce(t.memories_principle, 0) + CASE e.outcome WHEN 'principle' THEN 1 ELSE 0 END,
    t.memories_failure_memory = coalesce(t.memories_failure_memory, 0) + CASE e.outcome WHEN 'failure_memory' THEN 1 ELSE 0 END,
    t.memories_success_memory = coalesce(t.memories_success_memory, 0) + CASE e.outcome WHEN 'success_memory' THEN 1 ELSE 0 END,
    t.memories_retrieval_recipe = coalesce(t.memories_retrieval_recipe, 0) + CASE e.outcome WHEN 'retrieval_recipe' THEN 1 ELSE 0 END,
    t.memories_abstracted_pattern = coalesce(t.memories_abstracted_pattern, 0) + CASE e.outcome WHEN 'abstracted_pattern' THEN 1 ELSE 0 END
