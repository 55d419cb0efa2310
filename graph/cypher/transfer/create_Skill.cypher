// Creates imported :Skill nodes (namespace import); returns the new element ids.
UNWIND $rows AS r
CREATE (n:Skill)
SET n = r.props, n.namespace = $namespace
RETURN r.ref AS ref, elementId(n) AS id
