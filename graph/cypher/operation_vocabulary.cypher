// The namespace's operation names, most used by experience signatures
// first: the vocabulary a learner's planned signature reuses.
MATCH (o:Operation {namespace: $namespace})
OPTIONAL MATCH (o)<-[u:USES_OPERATION]-(:Experience)
WITH o.name AS name, count(u) AS uses
ORDER BY uses DESC, name
LIMIT $limit
RETURN name
