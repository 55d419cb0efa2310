// Creates imported :WorldEntity nodes (namespace import); returns the new element ids.
UNWIND $rows AS r
CREATE (n:WorldEntity)
SET n = r.props, n.namespace = $namespace
RETURN r.ref AS ref, elementId(n) AS id
