-- The latest projected version of every expert agent of a namespace, by role. $1 namespace.
SELECT DISTINCT ON (role) id, role, version, system_prompt, tools, tool_names, task_type, validated, trial, created_at
  FROM expert_agents
 WHERE namespace = $1 AND projected_at IS NOT NULL
 ORDER BY role, version DESC
