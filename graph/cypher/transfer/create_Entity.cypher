// Creates imported :Entity nodes (namespace import); returns the new element ids.
UNWIND $rows AS r
CREATE (n:Entity)
SET n = r.props, n.namespace = $namespace
RETURN r.ref AS ref, elementId(n) AS id
