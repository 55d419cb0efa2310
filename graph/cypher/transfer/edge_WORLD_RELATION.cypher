// Creates imported :WORLD_RELATION relationships (namespace import).
UNWIND $rows AS r
MATCH (a) WHERE elementId(a) = r.start AND a.namespace = $namespace
MATCH (b) WHERE elementId(b) = r.end AND b.namespace = $namespace
CREATE (a)-[x:WORLD_RELATION]->(b)
SET x = r.props
