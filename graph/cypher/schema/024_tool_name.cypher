CREATE INDEX tool_name IF NOT EXISTS FOR (n:Tool) ON (n.namespace, n.name)
