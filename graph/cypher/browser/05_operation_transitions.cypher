// The operation transition graph: FOLLOWED_BY edges captioned with their counts.
MATCH (a:Operation {namespace: $namespace})-[f:FOLLOWED_BY]->(b:Operation)
RETURN a, f, b
ORDER BY f.count DESC
LIMIT 200
