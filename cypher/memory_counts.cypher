// Memory counts per task type and class.
MATCH (e:Experience {namespace: $namespace})
RETURN e.task_type AS task_type, e.outcome AS outcome, count(*) AS n
ORDER BY task_type, outcome
