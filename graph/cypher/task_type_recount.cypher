// Recomputes every task type's per-class memory counters from its MEMBER_OF
// edges (after a bulk load, or to repair counters).
MATCH (t:TaskType {namespace: $namespace})
CALL (t) {
  OPTIONAL MATCH (e:Experience)-[:MEMBER_OF]->(t)
  RETURN sum(CASE e.outcome WHEN 'principle' THEN 1 ELSE 0 END) AS principle,
         sum(CASE e.outcome WHEN 'failure_memory' THEN 1 ELSE 0 END) AS failure_memory,
         sum(CASE e.outcome WHEN 'success_memory' THEN 1 ELSE 0 END) AS success_memory,
         sum(CASE e.outcome WHEN 'retrieval_recipe' THEN 1 ELSE 0 END) AS retrieval_recipe,
         sum(CASE e.outcome WHEN 'abstracted_pattern' THEN 1 ELSE 0 END) AS abstracted_pattern
}
SET t.memories_principle = principle, t.memories_failure_memory = failure_memory,
    t.memories_success_memory = success_memory, t.memories_retrieval_recipe = retrieval_recipe,
    t.memories_abstracted_pattern = abstracted_pattern
RETURN count(t) AS task_types
