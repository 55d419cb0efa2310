// The operation transition graph: FOLLOWED_BY edges with their counts.
MATCH (a:Operation {namespace: $namespace})-[f:FOLLOWED_BY]->(b:Operation)
RETURN a.name AS from, b.name AS to, f.count AS count
ORDER BY count DESC, from, to
LIMIT $limit
