// EQUIVALENT_TO: the same thing named in two domains (undirected).
MATCH (a:Entity {namespace: $namespace, name: $a})
MATCH (b:Entity {namespace: $namespace, name: $b})
WHERE a <> b
MERGE (a)-[r:EQUIVALENT_TO]-(b)
RETURN count(r) AS linked
