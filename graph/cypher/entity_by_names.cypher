MATCH (x:Entity {namespace: $namespace})
WHERE x.name IN $names
RETURN x.name AS name
