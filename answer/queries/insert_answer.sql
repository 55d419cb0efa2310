INSERT INTO answers (id, namespace, task_type, skill, question, answer, search_arm, routing_arm, run_id, iteration, tool_calls, memory_ids, agent)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
ON CONFLICT (id) DO NOTHING
