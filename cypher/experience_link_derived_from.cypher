// Provenance edges to parents that are already projected; returns how many.
MATCH (e:Experience {namespace: $namespace, id: $id})
UNWIND $parents AS pid
MATCH (p:Experience {namespace: $namespace, id: pid})
MERGE (e)-[:DERIVED_FROM]->(p)
RETURN count(p) AS linked
