// Creates the experience nodes of a projection batch once each (MERGE by id)
// with the label of their memory class, in the order given (sorted by id).
// An existing node is never rewritten here: the caller compares each
// returned digest and outcome and decides (protected classes are refused).
// fresh is true for the nodes this statement created.
UNWIND $rows AS r
MERGE (e:Experience {namespace: $namespace, id: r.id})
  ON CREATE SET e += r.props, e.record_sha256 = r.sha, e.created_at = datetime(r.created_at), e.fresh = true
WITH e, r, coalesce(e.fresh, false) AS fresh
REMOVE e.fresh
FOREACH (_ IN CASE WHEN e.outcome = 'principle' THEN [1] ELSE [] END | SET e:Principle)
FOREACH (_ IN CASE WHEN e.outcome = 'failure_memory' THEN [1] ELSE [] END | SET e:FailureMemory)
FOREACH (_ IN CASE WHEN e.outcome = 'success_memory' THEN [1] ELSE [] END | SET e:SuccessMemory)
FOREACH (_ IN CASE WHEN e.outcome = 'retrieval_recipe' THEN [1] ELSE [] END | SET e:RetrievalRecipe)
FOREACH (_ IN CASE WHEN e.outcome = 'abstracted_pattern' THEN [1] ELSE [] END | SET e:AbstractedPattern)
RETURN r.id AS id, e.record_sha256 AS sha, e.outcome AS outcome, fresh
