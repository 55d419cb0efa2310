CREATE INDEX experience_task_type IF NOT EXISTS FOR (n:Experience) ON (n.namespace, n.task_type)
