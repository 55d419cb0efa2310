MATCH (s:Skill {namespace: $namespace})
RETURN s {.*} AS skill
ORDER BY s.mastery DESC, s.name
