// The new version points at the old one; the old node stays untouched.
MATCH (e:Experience {namespace: $namespace, id: $id})
MATCH (old:Experience {namespace: $namespace, id: $old_id})
MERGE (e)-[:SUPERSEDES]->(old)
RETURN count(old) AS linked
