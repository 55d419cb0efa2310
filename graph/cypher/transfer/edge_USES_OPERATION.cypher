// Creates imported :USES_OPERATION relationships (namespace import).
UNWIND $rows AS r
MATCH (a) WHERE elementId(a) = r.start AND a.namespace = $namespace
MATCH (b) WHERE elementId(b) = r.end AND b.namespace = $namespace
CREATE (a)-[x:USES_OPERATION]->(b)
SET x = r.props
