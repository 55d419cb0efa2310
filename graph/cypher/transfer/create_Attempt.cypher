// Creates imported :Attempt nodes (namespace import); returns the new element ids.
UNWIND $rows AS r
CREATE (n:Attempt)
SET n = r.props, n.namespace = $namespace
RETURN r.ref AS ref, elementId(n) AS id
