MATCH (t:Tool {namespace: $namespace, id: $tool_id})
MATCH (e:Experience {namespace: $namespace, id: $experience_id})
MERGE (t)-[:CREATED_FROM]->(e)
RETURN count(e) AS linked
