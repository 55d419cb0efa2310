// The operation transition graph: FOLLOWED_BY edges with their counts, most
// frequent first, as one list (one record instead of one per edge).
MATCH (a:Operation {namespace: $namespace})-[f:FOLLOWED_BY]->(b:Operation)
WITH a.name AS from, b.name AS to, f.count AS count
ORDER BY count DESC, from, to
LIMIT $limit
RETURN collect({from: from, to: to, count: count}) AS transitions
