// Links a task's trace to experiences: RETRIEVED (role P+ or P−) from the
// task, COMMITTED_AS from the attempt that was committed. Experiences not
// projected yet are not matched; linked counts the committed links made.
MATCH (t:Task {namespace: $namespace, id: $id})
USING INDEX t:Task(namespace, id)
UNWIND $links AS l
MATCH (e:Experience {namespace: $namespace, id: l.experience})
USING INDEX e:Experience(namespace, id)
FOREACH (_ IN CASE WHEN l.attempt IS NULL THEN [1] ELSE [] END |
  MERGE (t)-[r:RETRIEVED]->(e) SET r.role = l.role, r.score = l.score)
FOREACH (_ IN CASE WHEN l.attempt IS NULL THEN [] ELSE [1] END |
  MERGE (x:Attempt {namespace: $namespace, id: l.attempt})
  MERGE (x)-[:COMMITTED_AS]->(e))
RETURN count(CASE WHEN l.attempt IS NULL THEN NULL ELSE 1 END) AS linked
