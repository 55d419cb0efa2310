// The 2-hop neighbourhood of one experience over DERIVED_FROM, USES_ENTITY and
// STRUCTURALLY_SIMILAR_TO (what graph retrieval sees). :param id => '<uuid>'
MATCH (e:Experience {namespace: $namespace, id: $id})
MATCH path = (e)-[:DERIVED_FROM|USES_ENTITY|STRUCTURALLY_SIMILAR_TO*1..2]-(:Experience)
RETURN path
LIMIT 200
