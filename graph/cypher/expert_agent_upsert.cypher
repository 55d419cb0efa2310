MERGE (a:ExpertAgent {namespace: $namespace, id: $id})
  ON CREATE SET a.created_at = datetime()
SET a.role = $role, a.version = $version, a.system_prompt = $system_prompt
RETURN a {.*} AS agent
