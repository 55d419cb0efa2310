-- Projected expert agents by id. $1 namespace, $2 ids.
SELECT id, role, version, system_prompt, tools, tool_names, task_type, validated, trial, created_at
  FROM expert_agents
 WHERE namespace = $1 AND id = ANY($2) AND projected_at IS NOT NULL
