// Rewrites a mutable (unprotected) experience: retrieval recipes and
// abstracted patterns only. Protected classes never match. Its operation
// steps are dropped so the caller can draw the new signature.
MATCH (e:Experience {namespace: $namespace, id: $id})
WHERE NOT (e:Principle OR e:FailureMemory OR e:SuccessMemory)
SET e += $props, e.record_sha256 = $sha
WITH e
OPTIONAL MATCH (e)-[r:USES_OPERATION]->(:Operation)
DELETE r
RETURN count(*) AS updated
