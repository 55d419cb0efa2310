CREATE CONSTRAINT expert_agent_key IF NOT EXISTS FOR (n:ExpertAgent) REQUIRE (n.namespace, n.id) IS UNIQUE
