// Skills by mastery, with the task types they serve and their prerequisite DAG.
MATCH (s:Skill {namespace: $namespace})
OPTIONAL MATCH (s)-[sf:SKILL_FOR_TASK]->(t:TaskType)
OPTIONAL MATCH (pre:Skill)-[p:PREREQUISITE_OF]->(s)
RETURN s, sf, t, pre, p
ORDER BY s.mastery DESC
