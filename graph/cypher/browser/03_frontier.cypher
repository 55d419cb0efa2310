// The frontier: skills below θ whose prerequisites are all mastered (≥ θ),
// drawn with those prerequisites. Set θ with :param theta => 0.5
MATCH (s:Skill {namespace: $namespace})
WHERE s.mastery < $theta AND s.status = 'active'
  AND NOT EXISTS { MATCH (p:Skill)-[:PREREQUISITE_OF]->(s) WHERE p.mastery < $theta }
OPTIONAL MATCH (pre:Skill)-[r:PREREQUISITE_OF]->(s)
RETURN s, r, pre
