// Creates an experience node once (MERGE by id) with the label of its memory
// class. An existing node is never rewritten here: the caller compares the
// returned digest and outcome and decides (protected classes are refused).
// fresh is true when this statement created the node.
MERGE (e:Experience {namespace: $namespace, id: $id})
  ON CREATE SET e += $props, e.record_sha256 = $sha, e.created_at = datetime($created_at), e.fresh = true
WITH e, coalesce(e.fresh, false) AS fresh
REMOVE e.fresh
FOREACH (_ IN CASE WHEN e.outcome = 'principle' THEN [1] ELSE [] END | SET e:Principle)
FOREACH (_ IN CASE WHEN e.outcome = 'failure_memory' THEN [1] ELSE [] END | SET e:FailureMemory)
FOREACH (_ IN CASE WHEN e.outcome = 'success_memory' THEN [1] ELSE [] END | SET e:SuccessMemory)
FOREACH (_ IN CASE WHEN e.outcome = 'retrieval_recipe' THEN [1] ELSE [] END | SET e:RetrievalRecipe)
FOREACH (_ IN CASE WHEN e.outcome = 'abstracted_pattern' THEN [1] ELSE [] END | SET e:AbstractedPattern)
RETURN e.record_sha256 AS sha, e.outcome AS outcome, fresh
