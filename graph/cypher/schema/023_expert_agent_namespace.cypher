CREATE INDEX expert_agent_namespace IF NOT EXISTS FOR (n:ExpertAgent) ON (n.namespace)
