// A tool's provenance: every version of the named tool, the experiences
// (failure and success memories) each version was CREATED_FROM, the skills
// that HAS_TOOL it and the expert agents that CAN_USE it.
// Set the tool with :param tool => 'add_numbers'
MATCH (t:Tool {namespace: $namespace, name: $tool})
OPTIONAL MATCH created = (t)-[:CREATED_FROM]->(:Experience)
OPTIONAL MATCH owned = (:Skill)-[:HAS_TOOL]->(t)
OPTIONAL MATCH used = (:ExpertAgent)-[:CAN_USE]->(t)
RETURN t, created, owned, used
