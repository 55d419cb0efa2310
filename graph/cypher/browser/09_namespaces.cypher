// Which namespaces exist (start here, then :param namespace => '<name>').
// The only saved query not filtered by $namespace: it lists them.
MATCH (t:TaskType)
RETURN t.namespace AS namespace, count(*) AS task_types
ORDER BY namespace
