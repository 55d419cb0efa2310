// Principles of a skill other than $id (so re-adding one is not capped).
MATCH (s:Skill {namespace: $namespace, name: $skill})
OPTIONAL MATCH (p:Principle)-[:PRINCIPLE_OF]->(s)
WHERE p.id <> $id
RETURN s.name AS skill, count(p) AS n
