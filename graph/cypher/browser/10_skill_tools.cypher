// A skill's tools: every tool version the skill HAS_TOOL (validated or not;
// tests_ran, tests_passed and validation_reason summarise its validation
// record) and the expert agents that CAN_USE them.
// Set the skill with :param skill => 'arithmetic'
MATCH (s:Skill {namespace: $namespace, name: $skill})-[h:HAS_TOOL]->(t:Tool)
OPTIONAL MATCH (a:ExpertAgent {namespace: $namespace})-[c:CAN_USE]->(t)
RETURN s, h, t, a, c
