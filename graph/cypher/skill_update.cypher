// Updates the mutable slots of one skill; a null parameter keeps the slot.
MATCH (s:Skill {namespace: $namespace, name: $name})
SET s.mastery = coalesce($mastery, s.mastery),
    s.prompt_template = coalesce($prompt_template, s.prompt_template),
    s.strategy = coalesce($strategy, s.strategy),
    s.status = coalesce($status, s.status),
    s.description = coalesce($description, s.description),
    s.updated_at = datetime()
RETURN s {.*} AS skill
