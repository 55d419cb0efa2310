MATCH (a:ExpertAgent {namespace: $namespace, id: $agent_id})
MATCH (t:Tool {namespace: $namespace, id: $tool_id})
MERGE (a)-[:CAN_USE]->(t)
RETURN count(t) AS linked
