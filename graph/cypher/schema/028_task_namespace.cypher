CREATE INDEX task_namespace IF NOT EXISTS FOR (n:Task) ON (n.namespace, n.created_at)
