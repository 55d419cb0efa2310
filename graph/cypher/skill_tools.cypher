MATCH (s:Skill {namespace: $namespace, name: $skill})-[:HAS_TOOL]->(t:Tool)
RETURN t {.*} AS tool
ORDER BY t.name, t.version
