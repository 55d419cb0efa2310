MATCH (p:Principle)-[:PRINCIPLE_OF]->(s:Skill {namespace: $namespace, name: $skill})
RETURN p {.*} AS experience
ORDER BY p.created_at, p.id
