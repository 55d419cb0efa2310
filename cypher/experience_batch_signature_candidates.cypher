// Candidates for the structural matches of a whole batch: every experience
// sharing an operation with one of the batch's signatures, with its
// signature, read once per batch (after the batch's own steps are drawn).
// The caller computes per experience what experience_signature_candidates
// computes in Cypher (shared steps, LCS bound, order, limit), then the LCS.
MATCH (o:Operation {namespace: $namespace})
WHERE o.name IN $ops
MATCH (o)<-[:USES_OPERATION]-(e)
WITH DISTINCT e
RETURN e.id AS id, e.task_type AS task_type, e.outcome AS outcome, e.signature AS signature
