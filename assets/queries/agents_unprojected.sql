-- Expert agents written to Postgres but not yet projected into Neo4j. $1 namespace.
SELECT id, role, version, system_prompt, tools, tool_names, task_type, validated, trial, created_at
  FROM expert_agents
 WHERE namespace = $1 AND projected_at IS NULL
 ORDER BY role, version
