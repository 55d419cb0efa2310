// Sets the Navigator's curriculum bonus of every task type of a namespace:
// $focus maps task type names to their bonus; the others get 0.
MATCH (t:TaskType {namespace: $namespace})
SET t.focus = coalesce($focus[t.name], 0.0)
RETURN count(t) AS task_types
