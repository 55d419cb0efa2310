CREATE INDEX experience_task_type_recent IF NOT EXISTS FOR (n:Experience) ON (n.namespace, n.task_type, n.id)
