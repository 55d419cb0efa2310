// The frontier: active skills below θ whose prerequisites are all at or above θ.
MATCH (s:Skill {namespace: $namespace})
WHERE s.mastery < $theta AND s.status = 'active'
  AND NOT EXISTS {
    MATCH (p:Skill)-[:PREREQUISITE_OF]->(s)
    WHERE p.mastery < $theta
  }
RETURN s {.*} AS skill
ORDER BY s.mastery DESC, s.name
