// SIMILAR_TO edges of a batch to semantic neighbours (cosine above the
// threshold) that are projected.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
MATCH (o:Experience {namespace: $namespace, id: r.other})
WHERE o <> e
MERGE (e)-[s:SIMILAR_TO]-(o)
SET s.cosine = r.cosine
