// Memory counts per task type and class, read from the counters projection
// keeps on each task type (O(task types), not O(experiences)), as one list.
MATCH (t:TaskType {namespace: $namespace})
UNWIND [
  ['abstracted_pattern', t.memories_abstracted_pattern],
  ['failure_memory', t.memories_failure_memory],
  ['principle', t.memories_principle],
  ['retrieval_recipe', t.memories_retrieval_recipe],
  ['success_memory', t.memories_success_memory]
] AS c
WITH t.name AS task_type, c[0] AS outcome, coalesce(c[1], 0) AS n
WHERE n > 0
ORDER BY task_type, outcome
RETURN collect({task_type: task_type, outcome: outcome, n: n}) AS counts
