// SIMILAR_TO edges to semantic neighbours (cosine above the threshold).
MATCH (e:Experience {namespace: $namespace, id: $id})
UNWIND $similar AS s
MATCH (o:Experience {namespace: $namespace, id: s.id})
WHERE o <> e
MERGE (e)-[r:SIMILAR_TO]-(o)
SET r.cosine = s.cosine
