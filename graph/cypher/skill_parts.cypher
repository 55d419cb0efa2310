// The names of the skills that compose into a skill, transitively (the
// parts of a split skill and theirs).
MATCH (p:Skill {namespace: $namespace})-[:COMPOSES_INTO*1..]->(:Skill {namespace: $namespace, name: $name})
RETURN DISTINCT p.name AS name
ORDER BY name
