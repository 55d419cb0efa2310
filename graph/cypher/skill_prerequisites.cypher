// The names of a skill's direct prerequisites.
MATCH (p:Skill {namespace: $namespace})-[:PREREQUISITE_OF]->(:Skill {namespace: $namespace, name: $name})
RETURN p.name AS name
ORDER BY name
