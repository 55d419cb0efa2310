// Draws (from)-[:COMPOSES_INTO]->(to) unless it would close a cycle in the
// union of PREREQUISITE_OF and COMPOSES_INTO. Returns no row when either
// skill is missing.
// The namespace's :SkillGraph node is write-locked first, so concurrent
// writers of one skill graph take turns and the cap and the cycle check
// see each other's writes.
MERGE (lock:SkillGraph {namespace: $namespace})
SET lock.writes = coalesce(lock.writes, 0) + 1
WITH lock
MATCH (a:Skill {namespace: $namespace, name: $from})
MATCH (b:Skill {namespace: $namespace, name: $to})
WITH a, b, (a = b OR EXISTS { MATCH (b)-[:PREREQUISITE_OF|COMPOSES_INTO*1..]->(a) }) AS cycle
FOREACH (_ IN CASE WHEN cycle THEN [] ELSE [1] END | MERGE (a)-[:COMPOSES_INTO]->(b))
RETURN cycle
