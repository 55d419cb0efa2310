// New versions point at the versions they supersede; the old nodes stay
// untouched. Returns how many were linked.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
MATCH (old:Experience {namespace: $namespace, id: r.old_id})
MERGE (e)-[:SUPERSEDES]->(old)
RETURN count(old) AS linked
