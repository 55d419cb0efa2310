// Candidates for the structural matches of a whole batch: the newest
// $window experiences of the namespace with their signatures (read newest
// first from the (namespace, id) key index), once per batch, after the
// batch's own nodes are merged. One record of two parallel lists:
// thousands of candidates stream far faster this way than as one record
// each. The caller ranks them per experience as
// experience_signature_candidates_in_task_type does, then computes the LCS.
MATCH (e:Experience)
USING INDEX SEEK e:Experience(namespace, id)
WHERE e.namespace = $namespace AND e.id > ''
WITH e
ORDER BY e.namespace DESC, e.id DESC
LIMIT $window
WITH e
WHERE size(e.signature) > 0
RETURN collect(e.id) AS ids, collect(e.signature) AS signatures
