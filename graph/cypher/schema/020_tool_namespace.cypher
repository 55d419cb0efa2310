CREATE INDEX tool_namespace IF NOT EXISTS FOR (n:Tool) ON (n.namespace)
