// SIMILAR_TO edges of a batch to semantic neighbours (cosine above the
// threshold) that are projected.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
MATCH (o:Experience {namespace: $namespace, id: r.other})
USING INDEX o:Experience(namespace, id)
WHERE o <> e
MERGE (e)-[s:SIMILAR_TO]-(o)
SET s.cosine = r.cosine
