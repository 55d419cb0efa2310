MATCH (t:TaskType {namespace: $namespace})
RETURN t {.*} AS task_type
ORDER BY t.name
