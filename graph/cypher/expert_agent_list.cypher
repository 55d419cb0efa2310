MATCH (a:ExpertAgent {namespace: $namespace})
OPTIONAL MATCH (a)-[:CAN_USE]->(t:Tool)
WITH a, t ORDER BY t.name
RETURN a {.*} AS agent, collect(t.id) AS tools
ORDER BY agent.role, agent.id
