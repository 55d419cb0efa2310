// Prerequisite cascade of a task type: the skills that serve it and all their
// PREREQUISITE_OF ancestors (depth 0 = serves the task type directly), each
// with its principles, deepest prerequisites first.
MATCH (t:TaskType {namespace: $namespace, name: $task_type})<-[:SKILL_FOR_TASK]-(s:Skill)
MATCH path = (a:Skill)-[:PREREQUISITE_OF*0..]->(s)
WITH a, min(length(path)) AS depth
OPTIONAL MATCH (p:Principle)-[:PRINCIPLE_OF]->(a)
WITH a, depth, p
ORDER BY p.created_at, p.id
WITH a, depth, collect(p {.*, labels: labels(p)}) AS principles
RETURN a {.*} AS skill, depth, principles
ORDER BY depth DESC, a.name
