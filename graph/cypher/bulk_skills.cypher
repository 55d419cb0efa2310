// Bulk loading: skills without the per-namespace cap.
UNWIND $rows AS r
MERGE (s:Skill {namespace: $namespace, name: r.name})
  ON CREATE SET s.id = r.id, s.description = '', s.mastery = r.mastery, s.prompt_template = r.prompt_template,
    s.strategy = r.strategy, s.status = 'active', s.created_at = datetime(), s.updated_at = datetime()
