-- Stores the next version of an expert agent. $1 id, $2 namespace, $3 role,
-- $4 system prompt, $5 tool ids, $6 tool names, $7 task type, $8 validated,
-- $9 trial.
INSERT INTO expert_agents (id, namespace, role, version, system_prompt, tools, tool_names, task_type, validated, trial)
SELECT $1, $2, $3, coalesce(max(version), 0) + 1, $4, $5, $6, $7, $8, $9
  FROM expert_agents WHERE namespace = $2 AND role = $3
RETURNING version, created_at
