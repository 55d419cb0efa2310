// Experiences of a namespace, optionally of one task type and class.
MATCH (e:Experience {namespace: $namespace})
WHERE ($task_type = '' OR e.task_type = $task_type) AND ($outcome = '' OR e.outcome = $outcome)
RETURN e {.*, labels: labels(e)} AS experience
ORDER BY e.created_at, e.id
LIMIT $limit
