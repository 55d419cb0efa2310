CREATE INDEX skill_namespace IF NOT EXISTS FOR (n:Skill) ON (n.namespace)
