// Prerequisite cascade of a task type: the skills that serve it and all their
// PREREQUISITE_OF ancestors (found as distinct nodes, so the planner prunes
// the expansion instead of enumerating paths), each with its direct
// prerequisites and its principles. The caller derives depths.
MATCH (:TaskType {namespace: $namespace, name: $task_type})<-[:SKILL_FOR_TASK]-(s:Skill)
WITH collect(s.name) AS served, collect(s) AS roots
UNWIND roots AS s
MATCH (s)<-[:PREREQUISITE_OF*0..]-(a:Skill)
WITH DISTINCT served, a
CALL (a) {
  OPTIONAL MATCH (pre:Skill)-[:PREREQUISITE_OF]->(a)
  RETURN collect(pre.name) AS prerequisites
}
CALL (a) {
  OPTIONAL MATCH (p:Principle)-[:PRINCIPLE_OF]->(a)
  WITH p ORDER BY p.created_at, p.id
  RETURN collect(p {.*, labels: labels(p)}) AS principles
}
RETURN a {.*} AS skill, a.name IN served AS serves, prerequisites, principles
