// Candidates for the structural matches of a whole batch: every experience
// sharing an operation with one of the batch's signatures, with its
// signature, read once per batch (after the batch's own steps are drawn).
// One record of two parallel lists: thousands of candidates stream far
// faster this way than as one record each. The caller computes per
// experience what experience_signature_candidates computes in Cypher
// (shared steps, LCS bound, order, limit), then the LCS.
MATCH (o:Operation {namespace: $namespace})
WHERE o.name IN $ops
MATCH (o)<-[:USES_OPERATION]-(e)
WITH DISTINCT e
RETURN collect(e.id) AS ids, collect(e.signature) AS signatures
