// Projects an expert agent version stored in Postgres (package assets): a
// node of the same role and version under another id is stale and replaced.
CALL {
  MATCH (stale:ExpertAgent {namespace: $namespace, role: $role, version: $version})
  WHERE stale.id <> $id
  DETACH DELETE stale
}
MERGE (a:ExpertAgent {namespace: $namespace, id: $id})
  ON CREATE SET a.created_at = datetime()
SET a.role = $role, a.version = $version, a.system_prompt = $system_prompt
RETURN a {.*} AS agent
