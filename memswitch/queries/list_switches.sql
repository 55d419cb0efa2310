SELECT task_type, off, with_memory, without_memory, delta, run_id, iteration, changed_at, updated_at
FROM memory_switches
WHERE namespace = $1
ORDER BY task_type
