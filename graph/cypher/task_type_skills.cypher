MATCH (s:Skill)-[:SKILL_FOR_TASK]->(t:TaskType {namespace: $namespace, name: $name})
RETURN s {.*} AS skill
ORDER BY s.name
