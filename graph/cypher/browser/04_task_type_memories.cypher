// A task type's success and failure memories (and principles of its skills).
// Set the task type with :param task_type => 'arithmetic'
MATCH (t:TaskType {namespace: $namespace, name: $task_type})
OPTIONAL MATCH (m:Experience)-[mo:MEMBER_OF]->(t)
WHERE m:SuccessMemory OR m:FailureMemory
OPTIONAL MATCH (s:Skill)-[sf:SKILL_FOR_TASK]->(t)
OPTIONAL MATCH (p:Principle)-[po:PRINCIPLE_OF]->(s)
RETURN t, m, mo, s, sf, p, po
LIMIT 300
