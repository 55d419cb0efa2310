MATCH (s:Skill {namespace: $namespace, name: $name})
RETURN s {.*} AS skill
