// The 25 most recent failure memories, to pick an id for 06_failure_provenance.
MATCH (f:FailureMemory {namespace: $namespace})
RETURN f.id AS id, f.task_type AS task_type, f.failure_kind AS kind, f.question AS question, f.created_at AS created_at
ORDER BY f.created_at DESC
LIMIT 25
