// STRUCTURALLY_SIMILAR_TO edges of a batch (signature LCS similarity at or
// above the threshold), grouped by experience, each pair once. An edge with
// an experience this transaction created (create) cannot exist yet and is
// created; the others (retries, rewrites) are merged in either direction.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
CALL (e, r) {
  UNWIND r.create AS x
  MATCH (o:Experience {namespace: $namespace, id: x.id})
  USING INDEX o:Experience(namespace, id)
  CREATE (e)-[:STRUCTURALLY_SIMILAR_TO {similarity: x.similarity}]->(o)
}
CALL (e, r) {
  UNWIND r.merge AS x
  MATCH (o:Experience {namespace: $namespace, id: x.id})
  USING INDEX o:Experience(namespace, id)
  WITH e, o, x
  WHERE o <> e
  MERGE (e)-[s:STRUCTURALLY_SIMILAR_TO]-(o)
  SET s.similarity = x.similarity
}
