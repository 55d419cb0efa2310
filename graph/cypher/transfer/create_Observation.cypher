// Creates imported :Observation nodes (namespace import); returns the new element ids.
UNWIND $rows AS r
CREATE (n:Observation)
SET n = r.props, n.namespace = $namespace
RETURN r.ref AS ref, elementId(n) AS id
