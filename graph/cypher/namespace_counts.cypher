// Nodes and relationships of a namespace (edges counted from their start node).
MATCH (n {namespace: $namespace})
OPTIONAL MATCH (n)-[r]->()
RETURN count(DISTINCT n) AS nodes, count(r) AS edges
