// The experiences a tool version was CREATED_FROM.
MATCH (t:Tool {namespace: $namespace, id: $id})-[:CREATED_FROM]->(e:Experience)
RETURN e.id AS id
ORDER BY e.id
