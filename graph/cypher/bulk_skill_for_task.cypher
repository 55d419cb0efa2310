UNWIND $rows AS r
MATCH (s:Skill {namespace: $namespace, name: r.from})
USING INDEX s:Skill(namespace, name)
MATCH (t:TaskType {namespace: $namespace, name: r.to})
USING INDEX t:TaskType(namespace, name)
MERGE (s)-[:SKILL_FOR_TASK]->(t)
