// prune_low_confidence: deletes abstracted patterns below the threshold and
// nothing else. The label test also excludes any node that carries a
// protected label, whatever its other labels. Task type counters follow.
MATCH (e:AbstractedPattern {namespace: $namespace})
WHERE e.confidence < $threshold
  AND NOT (e:Principle OR e:FailureMemory OR e:SuccessMemory)
WITH e.task_type AS task_type, collect(e) AS doomed
OPTIONAL MATCH (t:TaskType {namespace: $namespace, name: task_type})
SET t.memories_abstracted_pattern = coalesce(t.memories_abstracted_pattern, 0) - size(doomed)
FOREACH (x IN doomed | DETACH DELETE x)
RETURN sum(size(doomed)) AS deleted
