// prune_low_confidence: deletes abstracted patterns below the threshold and
// nothing else. The label test also excludes any node that carries a
// protected label, whatever its other labels.
MATCH (e:AbstractedPattern {namespace: $namespace})
WHERE e.confidence < $threshold
  AND NOT (e:Principle OR e:FailureMemory OR e:SuccessMemory)
DETACH DELETE e
RETURN count(*) AS deleted
