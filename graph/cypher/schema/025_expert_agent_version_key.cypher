CREATE CONSTRAINT expert_agent_version_key IF NOT EXISTS FOR (n:ExpertAgent) REQUIRE (n.namespace, n.role, n.version) IS UNIQUE
