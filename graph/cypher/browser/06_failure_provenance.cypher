// What a failure memory was derived from (up to 3 DERIVED_FROM hops) and what
// superseded it. Set the id with :param id => '<experience uuid>'
MATCH (f:FailureMemory {namespace: $namespace, id: $id})
OPTIONAL MATCH path = (f)-[:DERIVED_FROM*1..3]->(:Experience)
OPTIONAL MATCH (newer:Experience)-[s:SUPERSEDES]->(f)
RETURN f, path, newer, s
