// Links a principle to its skill unless the skill already has
// $max_principles other principles. Returns linked = false when capped.
MATCH (e:Experience {namespace: $namespace, id: $id})
WHERE e:Principle
MATCH (s:Skill {namespace: $namespace, name: $skill})
OPTIONAL MATCH (p:Principle)-[:PRINCIPLE_OF]->(s)
WHERE p <> e
WITH e, s, count(p) AS n
WITH e, s, (n < $max_principles OR EXISTS { (e)-[:PRINCIPLE_OF]->(s) }) AS ok
FOREACH (_ IN CASE WHEN ok THEN [1] ELSE [] END | MERGE (e)-[:PRINCIPLE_OF]->(s))
RETURN ok AS linked
