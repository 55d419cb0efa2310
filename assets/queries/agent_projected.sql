-- Marks an expert agent as projected into Neo4j. $1 id.
UPDATE expert_agents SET projected_at = now() WHERE id = $1
