// STRUCTURALLY_SIMILAR_TO edges of a batch (signature LCS similarity at or
// above the threshold).
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
MATCH (o:Experience {namespace: $namespace, id: r.other})
USING INDEX o:Experience(namespace, id)
WHERE o <> e
MERGE (e)-[s:STRUCTURALLY_SIMILAR_TO]-(o)
SET s.similarity = r.similarity
