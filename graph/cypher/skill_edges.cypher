// Every PREREQUISITE_OF and COMPOSES_INTO edge of the namespace.
MATCH (a:Skill {namespace: $namespace})-[r:PREREQUISITE_OF|COMPOSES_INTO]->(b:Skill)
RETURN a.name AS from, b.name AS to, type(r) AS type
ORDER BY from, to
