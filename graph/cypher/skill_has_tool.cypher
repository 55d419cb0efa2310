MATCH (s:Skill {namespace: $namespace, name: $skill})
MATCH (t:Tool {namespace: $namespace, id: $tool_id})
MERGE (s)-[:HAS_TOOL]->(t)
RETURN count(t) AS linked
