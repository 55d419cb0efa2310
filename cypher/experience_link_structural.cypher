// STRUCTURALLY_SIMILAR_TO edges (signature LCS similarity at or above 0.6).
MATCH (e:Experience {namespace: $namespace, id: $id})
UNWIND $matches AS m
MATCH (o:Experience {namespace: $namespace, id: m.id})
WHERE o <> e
MERGE (e)-[r:STRUCTURALLY_SIMILAR_TO]-(o)
SET r.similarity = m.similarity
