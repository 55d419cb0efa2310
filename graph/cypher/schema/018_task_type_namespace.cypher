CREATE INDEX task_type_namespace IF NOT EXISTS FOR (n:TaskType) ON (n.namespace)
