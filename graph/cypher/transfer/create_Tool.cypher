// Creates imported :Tool nodes (namespace import); returns the new element ids.
UNWIND $rows AS r
CREATE (n:Tool)
SET n = r.props, n.namespace = $namespace
RETURN r.ref AS ref, elementId(n) AS id
