MATCH (o:Operation {namespace: $namespace})
WHERE o.name IN $names
RETURN o.name AS name
