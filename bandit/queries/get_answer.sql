SELECT task_type, skill, search_arm, routing_arm, run_id, tool_calls, coalesce(memory_ids, '{}')
FROM answers
WHERE namespace = $1 AND id = $2
