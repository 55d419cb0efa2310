// Every relationship between two nodes of a namespace (namespace export).
MATCH (a {namespace: $namespace})-[r]->(b {namespace: $namespace})
RETURN elementId(a) AS start, elementId(b) AS end, type(r) AS type, properties(r) AS props
