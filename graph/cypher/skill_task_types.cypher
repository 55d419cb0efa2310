// The task types a skill serves.
MATCH (:Skill {namespace: $namespace, name: $name})-[:SKILL_FOR_TASK]->(t:TaskType {namespace: $namespace})
RETURN t.name AS name
ORDER BY name
