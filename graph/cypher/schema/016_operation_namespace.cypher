CREATE INDEX operation_namespace IF NOT EXISTS FOR (n:Operation) ON (n.namespace)
