// New versions point at the versions they supersede; the old nodes stay
// untouched. Returns how many were linked.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
MATCH (old:Experience {namespace: $namespace, id: r.old_id})
USING INDEX old:Experience(namespace, id)
MERGE (e)-[:SUPERSEDES]->(old)
RETURN count(old) AS linked
