MATCH (t:TaskType {namespace: $namespace, name: $name})
RETURN t {.*} AS task_type
