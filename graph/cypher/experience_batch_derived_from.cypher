// Provenance edges of a batch to parents that are projected (earlier or in
// the batch); returns how many were linked.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
MATCH (p:Experience {namespace: $namespace, id: r.parent})
USING INDEX p:Experience(namespace, id)
MERGE (e)-[:DERIVED_FROM]->(p)
RETURN count(p) AS linked
